import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureRandomModel } from "../../test/support/random-model.js";
import { JFK_MP3 } from "../../test/helpers/media-files.js";
import { decodePcm, SAMPLE_RATE } from "../media/decode.js";
import type { DecodeOptions } from "./speech-model.js";
import { loadWhisperModel } from "./whisper-model.js";

// The addon itself, in this process (the engine runs it in a child process). Random weights:
// these check the plumbing, never what the words or times are.

let model: string;
let pcm: Float32Array;
const decode: DecodeOptions = {
  language: "en",
  translate: false,
  wordTimestamps: true,
  threads: 1,
  beamSize: 1,
  temperature: 0,
  temperatureFallback: false,
};

beforeAll(async () => {
  model = await ensureRandomModel("tiny");
  const parts: Float32Array[] = [];
  for await (const part of decodePcm(JFK_MP3)) parts.push(part);
  const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) all.set(part, (at += part.length) - part.length);
  pcm = all.subarray(0, 5 * SAMPLE_RATE);
}, 300_000);

describe("the whisper.cpp addon", () => {
  const loaded: { free(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const m of loaded) await m.free();
  });

  it("detects the language with its probability when asked for auto", async () => {
    const whisper = await loadWhisperModel(model, { gpu: false });
    loaded.push(whisper);
    const segments = await whisper.transcribe(pcm, { ...decode, language: "auto" });
    expect(segments.length).toBeGreaterThan(0);
    expect(segments[0]!.language).toMatch(/^[a-z]{2,3}$/);
    expect(segments[0]!.languageProbability).toBeGreaterThan(0);
    expect(segments[0]!.languageProbability).toBeLessThanOrEqual(1);
  });

  // whisper.cpp 1.9.1 checks the abort callback between graph runs (one encoder pass of a
  // 30 s window at most: well under a second for tiny on an idle machine); 2.5 s leaves room for
  // a loaded CI machine. The runner kills an engine that has not stopped within 1 s.
  it("stops at the next graph run after abort() and then transcribes again", async () => {
    const whisper = await loadWhisperModel(model, { gpu: false });
    loaded.push(whisper);
    const long = new Float32Array(60 * SAMPLE_RATE);
    for (let i = 0; i < long.length; i += pcm.length) long.set(pcm.subarray(0, long.length - i), i);
    let abortedAt = 0;
    const run = whisper.transcribe(long, { ...decode, beamSize: 5 }, () => {
      if (abortedAt) return;
      abortedAt = performance.now();
      whisper.abort();
    });
    await expect(run).rejects.toMatchObject({ code: "CANCELLED" });
    expect(abortedAt).toBeGreaterThan(0);
    expect(performance.now() - abortedAt).toBeLessThan(2_500);
    await expect(whisper.transcribe(pcm, decode)).resolves.not.toHaveLength(0);
  });

  it("fills DTW token times when loaded with the model's alignment heads (plumbing only)", async () => {
    const whisper = await loadWhisperModel(model, { gpu: false, dtw: "tiny" });
    loaded.push(whisper);
    expect(whisper.native.info?.dtw).toBe(true);
    const result = await whisper.native.transcribe(pcm, {
      ...decode,
      tokenTimestamps: true,
    });
    const tokens = result.segments.flatMap((s) => s.tokens);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(token.dtw).toEqual(expect.any(Number));
  });

  it("refuses an unknown alignment heads preset", async () => {
    await expect(loadWhisperModel(model, { gpu: false, dtw: "huge" })).rejects.toMatchObject({
      code: "MODEL_INVALID",
    });
  });
});
