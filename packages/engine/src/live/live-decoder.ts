// One live session's recognition: voice activity detection over the audio as it arrives,
// partial decodes of the open stretch of speech, and a final decode of each stretch once a
// pause closes it. Runs in the live engine process (live-engine-process.ts), never on the API's
// event loop. Memory is bounded: only the open stretch (at most MAX_OPEN_MS) is kept.
import type { Word } from "@verbatim/subtitles";
import { SAMPLE_RATE } from "../media/decode.js";
import type { RawSegment } from "../recognisers/recogniser.js";
import {
  convertCantonese,
  convertChineseScript,
  isChineseLanguage,
  type ChineseScript,
} from "../text/chinese-script.js";
import { RepetitionGuard } from "../text/repetition.js";
import type { VoiceActivity } from "../vad/all-speech-detector.js";
import type { SpeechRegion } from "../vad/speech-detector.js";

/** A piece of live text; times in ms from the start of the session's audio. */
export interface LiveText {
  type: "partial" | "final";
  text: string;
  startMs: number;
  endMs: number;
  language?: string;
  /** Word timings (finals only, when the model gives them). */
  words?: Word[];
}

/** How a decode is asked for: partials greedily and without word timings. */
export type LiveDecode = (pcm: Float32Array, kind: "partial" | "final") => Promise<RawSegment[]>;

export interface LiveDecoderOptions {
  /** The language asked for ("auto" lets Whisper detect per stretch). */
  language: string;
  chineseScript?: ChineseScript;
  /** A partial decode of the open stretch at most this often (ms of new audio). */
  partialEveryMs?: number;
}

/** A stretch of speech longer than this is cut (and finalised) where it has reached. */
export const MAX_OPEN_MS = 15_000;
/** Speech shorter than this is not decoded as a partial yet (too little to say anything). */
const MIN_PARTIAL_MS = 300;
/** Shorter stretches are not decoded at all (the batch pipeline's rule). */
const MIN_DECODE_SAMPLES = SAMPLE_RATE / 10;

const toMs = (samples: number) => Math.round((samples * 1000) / SAMPLE_RATE);

export class LiveDecoder {
  /** The audio kept: from `keptFrom` (absolute samples) onwards, in blocks. */
  private blocks: Float32Array[] = [];
  private keptFrom = 0;
  private keptLength = 0;
  /** Decodes of this session, in order (partials coalesced, finals each their own). */
  private work: Promise<void> = Promise.resolve();
  private partialQueued = false;
  private lastPartialAt = 0;
  /** Audio before this sample has had its final text: later partials of it are stale. */
  private finalisedTo = 0;
  /** Starts of the stretches whose final decode is queued (their audio must be kept). */
  private readonly pendingFinals: number[] = [];
  private readonly guard = new RepetitionGuard();
  private readonly partialEvery: number;
  private failed: unknown = null;

  constructor(
    private readonly detector: VoiceActivity & { readonly openSince?: number | null },
    private readonly decode: LiveDecode,
    private readonly emit: (text: LiveText) => void,
    private readonly options: LiveDecoderOptions,
  ) {
    this.partialEvery = ((options.partialEveryMs ?? 500) * SAMPLE_RATE) / 1000;
  }

  /** Samples received so far. */
  get receivedSamples(): number {
    return this.keptFrom + this.keptLength;
  }

  /** Takes the next block of audio (16 kHz mono float). Calls must not overlap. */
  async push(block: Float32Array): Promise<void> {
    if (this.failed) throw this.failed;
    this.blocks.push(block);
    this.keptLength += block.length;
    for (const region of await this.detector.push(block)) this.finalise(region);
    const open = this.openStart();
    const seen = this.detector.samplesSeen;
    if (open !== null && seen - open >= (MAX_OPEN_MS * SAMPLE_RATE) / 1000) {
      const region = this.detector.splitAt(seen);
      if (region) this.finalise(region);
    }
    const since = this.openStart();
    if (
      since !== null &&
      seen - since >= (MIN_PARTIAL_MS * SAMPLE_RATE) / 1000 &&
      seen - this.lastPartialAt >= this.partialEvery &&
      !this.partialQueued
    ) {
      this.lastPartialAt = seen;
      this.partialQueued = true;
      this.enqueue(async () => {
        this.partialQueued = false;
        // Closed meanwhile: its final is queued (a later stretch's partial comes after it).
        if (this.openStart() !== since) return;
        await this.decodeRegion({ start: since, end: this.detector.samplesSeen }, "partial");
      });
    }
    this.trim();
  }

  /** The end of the audio: closes the open stretch and waits for every decode. */
  async finish(): Promise<void> {
    for (const region of this.detector.finish()) this.finalise(region);
    await this.work;
    if (this.failed) throw this.failed;
  }

  /** Where the open stretch of speech began (absolute samples), or null in silence. */
  private openStart(): number | null {
    if (this.detector.openSince !== undefined) return this.detector.openSince;
    return this.detector.inSpeech ? this.finalisedTo : null;
  }

  private finalise(region: SpeechRegion): void {
    this.pendingFinals.push(region.start);
    this.enqueue(() => this.decodeRegion(region, "final"));
  }

  private enqueue(task: () => Promise<void>): void {
    this.work = this.work.then(task).catch((error: unknown) => {
      this.failed ??= error;
    });
  }

  private async decodeRegion(region: SpeechRegion, kind: "partial" | "final"): Promise<void> {
    if (kind === "partial" && region.start < this.finalisedTo) return;
    const pcm = this.slice(region.start, region.end);
    if (kind === "final") {
      this.finalisedTo = Math.max(this.finalisedTo, region.end);
      this.pendingFinals.shift();
      this.trim();
    }
    if (pcm.length < MIN_DECODE_SAMPLES) return;
    const raw = await this.decode(pcm, kind);
    // A partial that finished after its stretch was finalised says nothing new.
    if (kind === "partial" && region.start < this.finalisedTo) return;
    const startMs = toMs(region.start);
    const texts: string[] = [];
    const words: Word[] = [];
    let language: string | undefined;
    for (const segment of raw) {
      const text = kind === "final" ? this.guard.accept(segment.text) : segment.text.trim();
      if (!text) continue;
      language ??= segment.language;
      texts.push(this.script(text, segment.language));
      for (const word of segment.words ?? []) {
        words.push({
          ...word,
          text: this.script(word.text, segment.language),
          start: word.start + startMs,
          end: word.end + startMs,
        });
      }
    }
    const text = joinTexts(texts);
    if (!text) return; // nothing said: no text invented for it
    this.emit({
      type: kind,
      text,
      startMs,
      endMs: toMs(region.end),
      ...(language ? { language } : {}),
      ...(kind === "final" && words.length > 0 ? { words } : {}),
    });
  }

  /** Cantonese in Hong Kong characters as spoken, other Chinese in the script asked for. */
  private script(text: string, detected: string | undefined): string {
    const language =
      detected ?? (this.options.language === "auto" ? undefined : this.options.language);
    if (!isChineseLanguage(language)) return text;
    if (language === "yue" && (this.options.chineseScript ?? "hk") === "hk") {
      return convertCantonese(text);
    }
    return this.options.chineseScript
      ? convertChineseScript(text, this.options.chineseScript)
      : text;
  }

  /** The kept audio between two absolute sample positions. */
  private slice(start: number, end: number): Float32Array {
    const from = Math.max(start, this.keptFrom) - this.keptFrom;
    const to = Math.min(end, this.receivedSamples) - this.keptFrom;
    const out = new Float32Array(Math.max(0, to - from));
    let offset = 0;
    for (const block of this.blocks) {
      const blockEnd = offset + block.length;
      if (blockEnd > from && offset < to) {
        const a = Math.max(from, offset) - offset;
        const b = Math.min(to, blockEnd) - offset;
        out.set(block.subarray(a, b), offset + a - from);
      }
      offset = blockEnd;
      if (offset >= to) break;
    }
    return out;
  }

  /** Drops audio nothing will decode again: before the open stretch and the queued finals. */
  private trim(): void {
    const open = this.openStart();
    const pending = this.pendingFinals[0];
    // Keep a little before the detector's start: its window is 32 ms.
    const keepFrom = Math.max(
      0,
      Math.min(open ?? this.receivedSamples, pending ?? this.receivedSamples) - 1024,
    );
    while (this.blocks.length > 1 && this.keptFrom + this.blocks[0]!.length <= keepFrom) {
      const dropped = this.blocks.shift()!;
      this.keptFrom += dropped.length;
      this.keptLength -= dropped.length;
    }
  }
}

/** Joins segment texts: with a space between words, without one between Chinese characters. */
function joinTexts(texts: readonly string[]): string {
  return texts
    .reduce((all, text) => {
      if (!all) return text;
      const cjk =
        /[\u3000-\u9fff\uac00-\ud7af]$/u.test(all) && /^[\u3000-\u9fff\uac00-\ud7af]/u.test(text);
      return cjk ? all + text : `${all} ${text}`;
    }, "")
    .trim();
}
