import { SAMPLE_RATE } from "../media/decode.js";
import type { VoiceActivity } from "../vad/all-speech-detector.js";
import type { SpeechRegion } from "../vad/speech-detector.js";
import { TimeMap, type TimeMapPiece } from "./time-map.js";

/** Where to cut long media. */
export interface ChunkingOptions {
  /** Cut at the first silence after this much audio. */
  targetChunkSeconds: number;
  /**
   * The first chunk's target: shorter, so the first text appears soon after a job starts (the
   * whole chunk goes through voice activity detection before the model sees any of it).
   */
  firstChunkSeconds?: number;
  /** The first chunk's cut inside speech (default: twice its target). */
  firstChunkMaxSeconds?: number;
  /** Cut here even inside speech. */
  maxChunkSeconds: number;
  /** Audio kept around each speech region so words are not clipped. */
  speechPadMs: number;
}

// Two minutes keeps memory small (a chunk's audio is held about four times over: raw, speech
// copy, the binding's copy, and the next chunk being read ahead) while adding only about one
// padded 30 s window of encoder work per chunk. The first fits one 30 s window (cut at the first
// pause after 24 s, at 30 s at the latest): its text is the first a user sees, and a first chunk
// a little over 30 s would cost a second encoder pass for its last seconds.
export const DEFAULT_CHUNKING_OPTIONS: ChunkingOptions = {
  targetChunkSeconds: 120,
  firstChunkSeconds: 24,
  firstChunkMaxSeconds: 30,
  maxChunkSeconds: 240,
  speechPadMs: 200,
};

/**
 * The chunking a run gets. A short first chunk makes the first text appear soon (and a language
 * detection read no more than it needs), at the price of one more padded encoder window wherever
 * whisper.cpp stops short of that chunk's end. A run nobody watches (the CLI writing files, a
 * translation pass) cuts its first chunk like the others: a 1-minute file is then one chunk and
 * costs the encoder passes whisper-cli's whole-file run costs (3 against 4 on the bench's minute).
 */
export function chunkingFor(run: {
  shortFirstChunk: boolean;
  given?: Partial<ChunkingOptions>;
}): ChunkingOptions {
  return {
    ...DEFAULT_CHUNKING_OPTIONS,
    ...(run.shortFirstChunk
      ? {}
      : { firstChunkSeconds: undefined, firstChunkMaxSeconds: undefined }),
    ...run.given,
  };
}

/** A piece of the source ready for the model: only its speech, and how to map times back. */
export interface SpeechChunk {
  /** Concatenated speech (with padding), 16 kHz mono. Empty when the span had no speech. */
  pcm: Float32Array;
  map: TimeMap;
  /** The span of the source this chunk covers, in samples. */
  sourceStart: number;
  sourceEnd: number;
}

/**
 * Splits a decoded stream into chunks cut at silences, with voice activity detection deciding
 * what is speech. Only one chunk of raw audio is held at a time, so memory does not grow with
 * the length of the media.
 */
export async function* speechChunks(
  blocks: AsyncIterable<Float32Array>,
  detector: VoiceActivity,
  options: ChunkingOptions = DEFAULT_CHUNKING_OPTIONS,
  /**
   * The media's length as its header gives it (ms), when known. A pause is not taken as a cut
   * when what is left is shorter than a chunk's target and fits in the same chunk: a short last
   * chunk would cost one more padded 30 s encoder window. Only a hint: a wrong header changes
   * where cuts fall, never the limits.
   */
  expectedMs?: number,
): AsyncGenerator<SpeechChunk> {
  const expectedEnd =
    expectedMs !== undefined && expectedMs > 0
      ? Math.ceil((expectedMs * SAMPLE_RATE) / 1000)
      : Infinity;
  const later = {
    target: options.targetChunkSeconds * SAMPLE_RATE,
    max: options.maxChunkSeconds * SAMPLE_RATE,
  };
  const firstSeconds = options.firstChunkSeconds;
  const first =
    firstSeconds === undefined
      ? later
      : {
          target: Math.min(firstSeconds, options.targetChunkSeconds) * SAMPLE_RATE,
          max:
            Math.min(options.firstChunkMaxSeconds ?? 2 * firstSeconds, options.maxChunkSeconds) *
            SAMPLE_RATE,
        };
  let { target, max } = first;
  let buffer = new ChunkBuffer(0);
  let regions: SpeechRegion[] = [];

  for await (const block of blocks) {
    // Slice big blocks so a cut can happen at any point the detector has seen.
    for (let offset = 0; offset < block.length; offset += 8192) {
      const part = block.subarray(offset, offset + 8192);
      buffer.append(part);
      regions.push(...(await detector.push(part)));
      const analysed = detector.samplesSeen;
      const length = analysed - buffer.start;
      // What is left is less than a chunk's target and fits in this one: no short last chunk.
      const restFits = expectedEnd - analysed < later.target && expectedEnd - buffer.start <= max;
      const quiet = !detector.inSpeech && length >= target && !restFits;
      if (quiet || length >= max) {
        const forced = detector.inSpeech ? detector.splitAt(analysed) : null;
        if (forced) regions.push(forced);
        const chunk = buffer.toChunk(regions, analysed, options.speechPadMs);
        // Let go of the raw audio before handing the chunk over: the consumer holds it while
        // the model runs, and only its speech copy is needed.
        buffer = buffer.rest(analysed);
        regions = [];
        ({ target, max } = later);
        yield chunk;
      }
    }
  }
  regions.push(...detector.finish());
  const end = buffer.start + buffer.length;
  if (buffer.length > 0) yield buffer.toChunk(regions, end, options.speechPadMs);
}

/** Raw audio of the chunk being collected. */
class ChunkBuffer {
  private blocks: Float32Array[] = [];
  length = 0;

  constructor(readonly start: number) {}

  append(block: Float32Array): void {
    this.blocks.push(block);
    this.length += block.length;
  }

  /** A new buffer holding what lies past `at` (analysis lags decoding by under a window). */
  rest(at: number): ChunkBuffer {
    const next = new ChunkBuffer(at);
    const tail = this.read(at, this.start + this.length);
    if (tail.length > 0) next.append(tail);
    return next;
  }

  toChunk(regions: SpeechRegion[], end: number, padMs: number): SpeechChunk {
    const pad = Math.round((padMs * SAMPLE_RATE) / 1000);
    const spans = mergeSpans(
      regions.map((r) => ({
        start: Math.max(this.start, r.start - pad),
        end: Math.min(end, r.end + pad),
      })),
    );
    const total = spans.reduce((sum, s) => sum + (s.end - s.start), 0);
    const pcm = new Float32Array(total);
    const pieces: TimeMapPiece[] = [];
    let offset = 0;
    for (const span of spans) {
      pcm.set(this.read(span.start, span.end), offset);
      pieces.push({ chunkStart: offset, sourceStart: span.start, length: span.end - span.start });
      offset += span.end - span.start;
    }
    return { pcm, map: new TimeMap(pieces, SAMPLE_RATE), sourceStart: this.start, sourceEnd: end };
  }

  /** Copies source samples [from, to) out of the held blocks. */
  private read(from: number, to: number): Float32Array {
    const out = new Float32Array(Math.max(0, to - from));
    let blockStart = this.start;
    for (const block of this.blocks) {
      const blockEnd = blockStart + block.length;
      const lo = Math.max(from, blockStart);
      const hi = Math.min(to, blockEnd);
      if (lo < hi) out.set(block.subarray(lo - blockStart, hi - blockStart), lo - from);
      blockStart = blockEnd;
    }
    return out;
  }
}

function mergeSpans(spans: SpeechRegion[]): SpeechRegion[] {
  const merged: SpeechRegion[] = [];
  for (const span of spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
