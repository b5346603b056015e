import { EngineError } from "../errors.js";
import { decodePcm, SAMPLE_RATE } from "../media/decode.js";
import {
  convertCantonese,
  convertChineseScript,
  isChineseLanguage,
} from "../text/chinese-script.js";
import { RepetitionGuard, wordsAfterCollapse } from "../text/repetition.js";
import { AllSpeechDetector, type VoiceActivity } from "../vad/all-speech-detector.js";
import { SpeechDetector } from "../vad/speech-detector.js";
import type { RawSegment, Recogniser } from "../recognisers/recogniser.js";
import { speechChunks, type SpeechChunk } from "./chunker.js";
import type { TimeMapPiece } from "./time-map.js";
import type {
  PipelineOptions,
  PipelineOutput,
  PipelineProgress,
  Segment,
} from "./pipeline-types.js";

/** Callbacks of a running pipeline. */
export interface PipelineEvents {
  onProgress?(progress: PipelineProgress): void;
  /** A segment as soon as it is decoded (without word timings). */
  onSegment?(segment: Segment): void;
  /** Each chunk's speech and where its pieces lie in the media (for diarization afterwards). */
  onSpeech?(pcm: Float32Array, pieces: readonly TimeMapPiece[]): void;
}

const PROMPT_CHARS = 200;

/**
 * Decodes, detects speech, and transcribes a media file chunk by chunk. The first chunk is
 * decoded and analysed while the model loads, each next one while the model works on the
 * current one.
 */
export async function runPipeline(
  input: string,
  /** The model, or its loading: the first chunk is decoded and analysed while it loads. */
  loadingModel: Recogniser | Promise<Recogniser>,
  options: PipelineOptions,
  events: PipelineEvents = {},
  signal?: AbortSignal,
  /** The speech detector, when the caller started loading it already (with the model). */
  loadingDetector: Promise<VoiceActivity> = speechDetectorFor(options),
): Promise<Omit<PipelineOutput, "timings"> & { transcribeMs: number }> {
  const started = performance.now();
  // Either may fail while the other is awaited: each failure surfaces where it is awaited.
  Promise.resolve(loadingModel).catch(() => undefined);
  const detector = await loadingDetector.catch(async (error: unknown) => {
    await Promise.resolve(loadingModel).catch(() => undefined); // settled before the job ends
    throw error;
  });
  const chunks = speechChunks(
    decodePcm(input, signal, { maxMs: options.maxDurationMs }),
    detector,
    options.chunking,
    options.expectedDurationMs,
  );
  let next = chunks.next(); // the first chunk, while the model loads
  next.catch(() => undefined); // surfaced when awaited
  let abortModel: (() => void) | undefined;
  const guard = new RepetitionGuard();
  const previewGuard = new RepetitionGuard();
  const segments: Segment[] = [];
  const speechByLanguage = new Map<string, number>();
  let speechSamples = 0;
  let durationSamples = 0;
  let detected: string | null = null;

  try {
    const model = await loadingModel;
    // Cancelling stops whisper.cpp at its next step; the model stays loaded for the next job.
    abortModel = () => model.abort();
    signal?.addEventListener("abort", abortModel, { once: true });
    for (;;) {
      const current = await next;
      if (current.done) break;
      const chunk = current.value;
      next = chunks.next(); // decode and analyse ahead while the model runs
      next.catch(() => undefined); // surfaced when awaited on the next turn
      durationSamples = chunk.sourceEnd;
      const decodedMs = toMs(chunk.sourceEnd);
      if (signal?.aborted) throw new EngineError("CANCELLED", "Cancelled.");
      if (chunk.pcm.length > 0) events.onSpeech?.(chunk.pcm, chunk.map.pieces);
      if (chunk.pcm.length >= SAMPLE_RATE / 10 && options.detectLanguageOnly) {
        // Language detection before routing: the first speech is enough, and nothing of it is
        // transcribed (Whisper: one encoder pass and one decoder step).
        if (!model.detectLanguage) {
          throw new EngineError("INVALID_OPTIONS", `${model.family} does not detect languages.`);
        }
        speechSamples += chunk.pcm.length;
        detected = (await model.detectLanguage(chunk.pcm, options.threads)).language;
        events.onProgress?.({ processedMs: decodedMs, decodedMs });
        break;
      }
      if (chunk.pcm.length >= SAMPLE_RATE / 10) {
        speechSamples += chunk.pcm.length;
        const prompt = joinPrompt(options.prompt, guard.sawLoop ? undefined : promptFrom(segments));
        guard.resetLoopFlag();
        const raw = await model.transcribe(
          chunk.pcm,
          {
            language: options.language,
            translate: options.task === "translate",
            wordTimestamps: options.wordTimestamps,
            threads: options.threads,
            beamSize: options.beamSize,
            temperatureFallback: options.temperatureFallback,
            temperature: options.temperature,
            ...(prompt ? { prompt } : {}),
          },
          (segment) => {
            const preview = toSourceSegment(segment, chunk, previewGuard, options);
            if (preview) events.onSegment?.({ ...preview, words: undefined, tokens: undefined });
            const processedMs = chunk.map.toSourceMs(segment.end);
            events.onProgress?.({ processedMs, decodedMs });
          },
          (fraction) => {
            const processedMs = chunk.map.toSourceMs(fraction * toMs(chunk.pcm.length));
            events.onProgress?.({ processedMs, decodedMs });
          },
        );
        for (const segment of raw) {
          const kept = toSourceSegment(segment, chunk, guard, options);
          if (!kept) continue;
          segments.push(kept);
          const language = kept.language ?? "unknown";
          speechByLanguage.set(
            language,
            (speechByLanguage.get(language) ?? 0) + kept.end - kept.start,
          );
        }
      }
      events.onProgress?.({ processedMs: decodedMs, decodedMs });
      // A chunk's audio is garbage now; collect it before the next one rather than letting
      // V8 keep several chunks' worth of buffers around (the engine process runs --expose-gc).
      globalThis.gc?.();
    }
  } finally {
    if (abortModel) signal?.removeEventListener("abort", abortModel);
    // A job that stops early (its model failed to load, it failed, it was cancelled) stops its
    // decoder too (ffmpeg is killed).
    void chunks.return(undefined).catch(() => undefined);
    await detector.close();
  }
  return {
    segments,
    language: options.detectLanguageOnly
      ? detected
      : dominantLanguage(speechByLanguage, options.language),
    durationMs: toMs(durationSamples),
    speechMs: toMs(speechSamples),
    transcribeMs: Math.round(performance.now() - started),
  };
}

/** Silero VAD when voice activity detection is on, else everything counts as speech. */
export function speechDetectorFor(options: Pick<PipelineOptions, "vad">): Promise<VoiceActivity> {
  return options.vad ? SpeechDetector.create() : Promise.resolve(new AllSpeechDetector());
}

/** Maps a chunk's segment back to media time, drops loops, converts Chinese script. */
function toSourceSegment(
  segment: RawSegment,
  chunk: SpeechChunk,
  guard: RepetitionGuard,
  options: PipelineOptions,
): Segment | null {
  const text = guard.accept(segment.text);
  if (text === null) return null;
  const language = segment.language ?? (options.language === "auto" ? undefined : options.language);
  const convert = (value: string) => {
    if (options.task !== "transcribe" || !isChineseLanguage(language)) return value;
    // Cantonese is written as spoken, in Hong Kong Traditional characters, unless the user
    // asked for another script.
    if (language === "yue" && (options.chineseScript ?? "hk") === "hk") {
      return convertCantonese(value);
    }
    return options.chineseScript ? convertChineseScript(value, options.chineseScript) : value;
  };
  // A segment may span several speech pieces; each word is clipped to its own piece.
  const start = chunk.map.toSourceMs(segment.start);
  const end = Math.max(start, chunk.map.toSourceMs(segment.end));
  const unchanged = text === segment.text.trim();
  // Where the guard collapsed a loop, the words of what it kept keep their timings (the
  // repeats' words go with their text); undefined only if the words cannot spell the text.
  const keptWords =
    segment.words && !unchanged
      ? wordsAfterCollapse(segment.words, segment.text, text)
      : segment.words;
  const words = keptWords?.map((w) => ({
    ...w,
    text: convert(w.text),
    ...chunk.map.spanToSourceMs(w.start, w.end),
  }));
  const tokens =
    unchanged && segment.tokens
      ? segment.tokens.map((t) => ({ ...t, ...chunk.map.spanToSourceMs(t.start, t.end) }))
      : undefined;
  return {
    start,
    end,
    text: convert(text),
    ...(language ? { language } : {}),
    ...(words ? { words } : {}),
    ...(tokens ? { tokens } : {}),
    ...(segment.avgLogprob !== undefined ? { avgLogprob: segment.avgLogprob } : {}),
    ...(segment.noSpeechProb !== undefined ? { noSpeechProb: segment.noSpeechProb } : {}),
    ...(segment.temperature !== undefined ? { temperature: segment.temperature } : {}),
  };
}

/** The user's prompt first (vocabulary), then the context of what was said before. */
function joinPrompt(user: string | undefined, context: string | undefined): string | undefined {
  return [user, context].filter(Boolean).join(" ") || undefined;
}

function promptFrom(segments: Segment[]): string | undefined {
  let text = "";
  for (let i = segments.length - 1; i >= 0 && text.length < PROMPT_CHARS; i--) {
    text = `${segments[i]!.text} ${text}`;
  }
  const trimmed = text.trim().slice(-PROMPT_CHARS);
  return trimmed || undefined;
}

function dominantLanguage(byLanguage: Map<string, number>, requested: string): string | null {
  if (requested !== "auto") return requested;
  let best: string | null = null;
  let bestMs = -1;
  for (const [language, ms] of byLanguage) {
    if (language !== "unknown" && ms > bestMs) [best, bestMs] = [language, ms];
  }
  return best;
}

function toMs(samples: number): number {
  return Math.round((samples * 1000) / SAMPLE_RATE);
}
