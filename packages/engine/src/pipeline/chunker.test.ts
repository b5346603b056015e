import { describe, expect, it } from "vitest";
import type { VoiceActivity } from "../vad/all-speech-detector.js";
import type { SpeechRegion } from "../vad/speech-detector.js";
import {
  chunkingFor,
  DEFAULT_CHUNKING_OPTIONS,
  speechChunks,
  type SpeechChunk,
} from "./chunker.js";

const RATE = 16_000;

/** A scripted detector (test double): speech wherever `isSpeech(sample)` says so. */
class ScriptedDetector implements VoiceActivity {
  samplesSeen = 0;
  private start: number | null = null;

  constructor(private readonly isSpeech: (sample: number) => boolean) {}

  get inSpeech(): boolean {
    return this.start !== null;
  }

  async push(block: Float32Array): Promise<SpeechRegion[]> {
    const closed: SpeechRegion[] = [];
    for (let i = 0; i < block.length; i++, this.samplesSeen++) {
      const speech = this.isSpeech(this.samplesSeen);
      if (speech && this.start === null) this.start = this.samplesSeen;
      if (!speech && this.start !== null) {
        closed.push({ start: this.start, end: this.samplesSeen });
        this.start = null;
      }
    }
    return closed;
  }

  splitAt(at: number): SpeechRegion | null {
    if (this.start === null) return null;
    const region = { start: this.start, end: at };
    this.start = at;
    return region;
  }

  finish(): SpeechRegion[] {
    const region = this.splitAt(this.samplesSeen);
    this.start = null;
    return region ? [region] : [];
  }

  async close(): Promise<void> {}
}

/** `seconds` of audio whose sample values encode their own index, in 1 s blocks. */
async function* ramp(seconds: number): AsyncGenerator<Float32Array> {
  for (let s = 0; s < seconds; s++) {
    yield Float32Array.from({ length: RATE }, (_, i) => s * RATE + i);
  }
}

async function collect(
  seconds: number,
  isSpeech: (n: number) => boolean,
  target: number,
  max: number,
  first?: number,
  expectedSeconds?: number,
) {
  const chunks: SpeechChunk[] = [];
  const options = {
    targetChunkSeconds: target,
    maxChunkSeconds: max,
    speechPadMs: 0,
    ...(first === undefined ? {} : { firstChunkSeconds: first }),
  };
  const expectedMs = expectedSeconds === undefined ? undefined : expectedSeconds * 1000;
  for await (const chunk of speechChunks(
    ramp(seconds),
    new ScriptedDetector(isSpeech),
    options,
    expectedMs,
  )) {
    chunks.push(chunk);
  }
  return chunks;
}

describe("speechChunks", () => {
  it("keeps only speech and maps chunk times back to the source", async () => {
    // Speech in [2 s, 3 s) and [6 s, 7 s) of 10 s.
    const speech = (n: number) =>
      (n >= 2 * RATE && n < 3 * RATE) || (n >= 6 * RATE && n < 7 * RATE);
    const [chunk, ...rest] = await collect(10, speech, 60, 120);
    expect(rest).toHaveLength(0);
    expect(chunk!.pcm.length).toBe(2 * RATE);
    expect(chunk!.pcm[0]).toBe(2 * RATE); // the first kept sample is source sample 32000
    expect(chunk!.pcm[RATE]).toBe(6 * RATE);
    expect(chunk!.map.toSourceMs(500)).toBe(2500);
    expect(chunk!.map.toSourceMs(1500)).toBe(6500);
  });

  it("cuts at the first silence after the target length", async () => {
    // Speech everywhere except [5 s, 6 s) and [12 s, 13 s).
    const speech = (n: number) =>
      !((n >= 5 * RATE && n < 6 * RATE) || (n >= 12 * RATE && n < 13 * RATE));
    const chunks = await collect(20, speech, 4, 30);
    // Each cut falls inside a silence; the last chunk runs to the end.
    const ends = chunks.map((c) => c.sourceEnd / RATE);
    expect(ends).toHaveLength(3);
    expect(ends[0]).toBeGreaterThanOrEqual(5);
    expect(ends[0]).toBeLessThan(6);
    expect(ends[1]).toBeGreaterThanOrEqual(12);
    expect(ends[1]).toBeLessThan(13);
    expect(ends[2]).toBe(20);
    expect(chunks[1]!.sourceStart).toBe(chunks[0]!.sourceEnd);
    expect(chunks.reduce((sum, c) => sum + c.pcm.length, 0)).toBe(18 * RATE);
  });

  it("forces a cut inside continuous speech at the maximum length, losing no audio", async () => {
    const chunks = await collect(25, () => true, 4, 10);
    expect(chunks.map((c) => Math.round((c.sourceEnd - c.sourceStart) / RATE))).toEqual([
      10, 10, 5,
    ]);
    expect(chunks.reduce((sum, c) => sum + c.pcm.length, 0)).toBe(25 * RATE);
    expect(chunks[1]!.pcm[0]).toBe(chunks[1]!.sourceStart);
  });

  it("cuts the first chunk sooner, so the first text comes early", async () => {
    // A silence every 4 s: [3 s, 4 s), [7 s, 8 s), …
    const speech = (n: number) => n % (4 * RATE) < 3 * RATE;
    const chunks = await collect(40, speech, 10, 30, 2);
    const ends = chunks.map((c) => c.sourceEnd / RATE);
    expect(ends.length).toBeGreaterThan(2);
    // First: the silence after 2 s; then the silences after 10 s more each time.
    expect(Math.floor(ends[0]!)).toBe(3);
    expect(Math.floor(ends[1]!)).toBe(15);
    expect(Math.floor(ends[2]!)).toBe(27);
  });

  it("forces the first cut at twice its target in continuous speech", async () => {
    const chunks = await collect(30, () => true, 10, 20, 3);
    expect(chunks.map((c) => Math.round((c.sourceEnd - c.sourceStart) / RATE))).toEqual([6, 20, 4]);
  });

  it("keeps the default first chunk within one 30 s window: a pause after 24 s, or 30 s", async () => {
    const cut = async (isSpeech: (n: number) => boolean) => {
      for await (const chunk of speechChunks(
        ramp(90),
        new ScriptedDetector(isSpeech),
        DEFAULT_CHUNKING_OPTIONS,
      )) {
        return chunk.sourceEnd / RATE;
      }
      return 0;
    };
    // A pause every 4 s, from 2 s ([2 s, 3 s), [6 s, 7 s), …): the one after 24 s.
    const paused = await cut((n) => {
      const t = n % (4 * RATE);
      return t < 2 * RATE || t >= 3 * RATE;
    });
    expect(paused).toBeGreaterThanOrEqual(26);
    expect(paused).toBeLessThan(27);
    // Speech without a pause: cut at 30 s, not past the window.
    expect(await cut(() => true)).toBeLessThanOrEqual(30);
    expect(await cut(() => true)).toBeGreaterThan(29);
  });

  // whisper.cpp stops a window at its last timestamp, so every chunk's end costs about one more
  // padded encoder pass: a short first chunk is paid for only where someone waits for text.
  it("keeps a minute in one chunk when nobody watches the first text, and cuts it early when someone does", async () => {
    const lengths = async (shortFirstChunk: boolean) => {
      const cut: number[] = [];
      for await (const chunk of speechChunks(
        ramp(60),
        new ScriptedDetector(() => true),
        chunkingFor({ shortFirstChunk }),
        60_000,
      )) {
        cut.push(Math.round((chunk.sourceEnd - chunk.sourceStart) / RATE));
      }
      return cut;
    };
    expect(await lengths(false)).toEqual([60]);
    expect(await lengths(true)).toEqual([30, 30]);
    // What a caller gives still wins.
    expect(chunkingFor({ shortFirstChunk: false, given: { firstChunkSeconds: 5 } })).toMatchObject({
      firstChunkSeconds: 5,
      targetChunkSeconds: DEFAULT_CHUNKING_OPTIONS.targetChunkSeconds,
    });
  });

  it("does not cut at a pause when what is left is short and fits in the same chunk", async () => {
    // Speech everywhere except [5 s, 6 s) and [17 s, 18 s), 20 s in all.
    const speech = (n: number) =>
      !((n >= 5 * RATE && n < 6 * RATE) || (n >= 17 * RATE && n < 18 * RATE));
    const ends = async (expected?: number) =>
      (await collect(20, speech, 4, 16, undefined, expected)).map((c) => c.sourceEnd / RATE);
    // Without the length: cuts in both pauses, leaving a 3 s last chunk.
    expect((await ends()).map(Math.floor)).toEqual([5, 17, 20]);
    // With it: at the second pause under 4 s (the target) is left, and 15 s fit in 16 s.
    expect((await ends(20)).map(Math.floor)).toEqual([5, 20]);
    // A long rest is still cut as usual.
    expect((await ends(60)).map(Math.floor)).toEqual([5, 17, 20]);
  });

  it("keeps its limits when the header's length is wrong", async () => {
    // A header claiming 10 s of 40 s of continuous speech: cut at the maximum all the same.
    const short = await collect(40, () => true, 4, 12, undefined, 10);
    expect(short.map((c) => Math.round((c.sourceEnd - c.sourceStart) / RATE))).toEqual([
      12, 12, 12, 4,
    ]);
    expect(short.reduce((sum, c) => sum + c.pcm.length, 0)).toBe(40 * RATE);
    // A header claiming more than there is: the last chunk ends where the audio does.
    const long = await collect(9, () => true, 4, 12, undefined, 600);
    expect(long.map((c) => c.sourceEnd / RATE)).toEqual([9]);
  });

  it("yields a chunk with no audio for pure silence, so progress still advances", async () => {
    const chunks = await collect(3, () => false, 60, 120);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.pcm.length).toBe(0);
    expect(chunks[0]!.sourceEnd).toBe(3 * RATE);
  });
});
