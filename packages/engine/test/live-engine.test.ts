// Live recognition through the live engine process: the real Silero detector and whisper.cpp
// (random weights of Whisper's layout: the text is meaningless, its timing and shape are not).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePcm, SAMPLE_RATE } from "../src/media/decode.js";
import { LiveEngine } from "../src/live/live-engine.js";
import type { LiveText } from "../src/live/live-decoder.js";
import { ensurePlumbingModel } from "./support/random-model.js";
import { ensureRandomParakeetModel } from "./support/random-parakeet-model.js";
import { ensureRandomSenseVoiceModel } from "./support/random-sensevoice-model.js";
import type { RecogniserFamily } from "../src/recognisers/recogniser.js";

const SPEECH = new URL("../../../fixtures/media/lj001-0001.flac", import.meta.url).pathname;
let speech: Float32Array;
let model: string;
const engine = new LiveEngine();

beforeAll(async () => {
  model = await ensurePlumbingModel();
  const blocks: Float32Array[] = [];
  for await (const block of decodePcm(SPEECH)) blocks.push(block);
  speech = concat(blocks);
}, 300_000);
afterAll(() => engine.stop());

function concat(blocks: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(blocks.reduce((n, b) => n + b.length, 0));
  let offset = 0;
  for (const block of blocks) {
    out.set(block, offset);
    offset += block.length;
  }
  return out;
}

/** Feeds audio in 100 ms frames, as a client would, at four times real time. */
async function feed(push: (pcm: Float32Array) => void, pcm: Float32Array): Promise<void> {
  const frame = SAMPLE_RATE / 10;
  for (let i = 0; i < pcm.length; i += frame) {
    push(pcm.slice(i, i + frame));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function session(id: string) {
  const texts: LiveText[] = [];
  const errors: string[] = [];
  const live = engine.open(
    id,
    { modelPath: model, family: "whisper", language: "en", threads: 1, gpu: false },
    { onText: (text) => texts.push(text), onError: (code) => errors.push(code) },
  );
  return { live, texts, errors };
}

describe("live engine", () => {
  it("gives partials while speech is open and a final at each pause, nothing in silence", async () => {
    const { live, texts, errors } = session("speech");
    const silence = new Float32Array(SAMPLE_RATE * 2);
    await feed(live.push, silence);
    await feed(live.push, speech);
    await feed(live.push, silence);
    await feed(live.push, speech);
    await live.finish();
    expect(errors).toEqual([]);
    const finals = texts.filter((text) => text.type === "final");
    const partials = texts.filter((text) => text.type === "partial");
    // Finals only inside the two utterances, none in the silence (random weights may say the
    // same thing twice, which the loop guard drops: at least one final).
    expect(finals.length).toBeGreaterThanOrEqual(1);
    expect(partials.length).toBeGreaterThan(0);
    const speechMs = (speech.length * 1000) / SAMPLE_RATE;
    for (const final of finals) {
      expect(final.text.length).toBeGreaterThan(0);
      const inFirst = final.startMs >= 1_500 && final.endMs <= 2_000 + speechMs + 500;
      const inSecond =
        final.startMs >= 3_500 + speechMs && final.endMs <= 4_000 + 2 * speechMs + 500;
      expect(inFirst || inSecond, JSON.stringify(final)).toBe(true);
    }
    // Every partial lies inside speech too (fed at 4x real time, a partial may come after the
    // final of its stretch was already decided: the real-time tests check the order).
    for (const partial of partials) expect(partial.startMs).toBeGreaterThanOrEqual(1_500);
    expect(engine.openSessions).toBe(0);
  }, 120_000);

  it("silence alone gives no text at all", async () => {
    const { live, texts, errors } = session("silence");
    await feed(live.push, new Float32Array(SAMPLE_RATE * 3));
    await live.finish();
    expect(errors).toEqual([]);
    expect(texts).toEqual([]);
  }, 60_000);

  // The language's family serves live sessions as it serves files (SenseVoice for Cantonese,
  // Parakeet for its European languages). Random weights: SenseVoice's graph blanks on most
  // frames, so what is checked is that each family loads, decodes every stretch without an error,
  // and says nothing outside speech.
  it.each([
    ["sensevoice", "yue", () => ensureRandomSenseVoiceModel("test")],
    ["parakeet", "de", () => ensureRandomParakeetModel("test")],
  ] as const)(
    "serves a %s session (%s) as it serves a file",
    async (family, language, load) => {
      const modelPath = await load();
      const texts: LiveText[] = [];
      const errors: string[] = [];
      const live = engine.open(
        `${family}-speech`,
        { modelPath, family: family as RecogniserFamily, language, threads: 1, gpu: false },
        { onText: (text) => texts.push(text), onError: (code) => errors.push(code) },
      );
      const silence = new Float32Array(SAMPLE_RATE);
      await feed(live.push, silence);
      await feed(live.push, speech);
      await feed(live.push, silence);
      await live.finish();
      expect(errors).toEqual([]);
      const speechMs = (speech.length * 1000) / SAMPLE_RATE;
      for (const text of texts) {
        expect(text.startMs, JSON.stringify(text)).toBeGreaterThanOrEqual(500);
        expect(text.endMs, JSON.stringify(text)).toBeLessThanOrEqual(1_000 + speechMs + 500);
      }
      expect(engine.openSessions).toBe(0);
    },
    120_000,
  );

  it("a model that cannot load fails the session, not the caller", async () => {
    const errors: string[] = [];
    const live = engine.open(
      "broken",
      { modelPath: "/nonexistent.bin", family: "whisper", language: "en", threads: 1, gpu: false },
      { onText: () => undefined, onError: (code) => errors.push(code) },
    );
    await feed(live.push, speech.subarray(0, SAMPLE_RATE));
    await expect(live.finish()).rejects.toThrow();
    expect(errors.length).toBe(1);
  }, 60_000);
});
