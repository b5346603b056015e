// Parakeet through whisper.cpp's parakeet library in our addon, end to end through the engine
// process, with a random-weight model in the real file format (test/support/random-parakeet-
// model.ts): the words mean nothing, the loading, timing, live text, cancel and cues are real.
import { copyFile, stat, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";

import { styleLimits } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { decodePcm } from "../src/media/decode.js";
import { validateParakeetFile } from "../src/models/validate-parakeet.js";
import { loadParakeetModel } from "../src/recognisers/parakeet-model.js";
import { CANCEL_GRACE_MS } from "../src/pipeline/engine-runner.js";
import type { Segment } from "../src/pipeline/pipeline-types.js";
import { transcribeFile } from "../src/transcribe-file.js";
import { JFK_MP3, loopedJfk, scratchDir } from "./helpers/media-files.js";
import { ensureRandomParakeetModel } from "./support/random-parakeet-model.js";

const scratch = scratchDir("verbatim-parakeet-");

async function decodeAll(input: string): Promise<Float32Array> {
  const parts: Float32Array[] = [];
  for await (const part of decodePcm(input)) parts.push(part);
  const pcm = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    pcm.set(part, offset);
    offset += part.length;
  }
  return pcm;
}
let model: string;
beforeAll(async () => {
  model = await ensureRandomParakeetModel("test", scratch.dir);
}, 60_000);
afterAll(() => scratch.cleanup());

describe("Parakeet model files", () => {
  it("accepts the generated model and reads its shape", async () => {
    const info = await validateParakeetFile(model);
    expect(info.hparams.n_mels).toBe(16);
    expect(info.tensorCount).toBeGreaterThan(40);
  });

  it("refuses a truncated file, a wrong magic and a whisper file, naming the problem", async () => {
    const truncated = join(scratch.dir, "parakeet-truncated.bin");
    await copyFile(model, truncated);
    const { size } = await stat(truncated);
    await truncate(truncated, Math.floor(size * 0.8));
    await expect(validateParakeetFile(truncated)).rejects.toMatchObject({
      code: "MODEL_INVALID",
      message: expect.stringMatching(/truncated/),
    });
    const html = join(scratch.dir, "parakeet-error-page.bin");
    await writeFile(html, "<html>rate limited</html>");
    await expect(validateParakeetFile(html)).rejects.toMatchObject({
      code: "MODEL_INVALID",
      message: expect.stringMatching(/web page/),
    });
    // A hostile file never reaches the native loader: the job fails, the caller carries on.
    await expect(transcribeFile({ input: JFK_MP3, model: truncated })).rejects.toMatchObject({
      code: "MODEL_INVALID",
    });
  });
});

describe("Parakeet through the engine process", () => {
  it("transcribes into segments, words from token times and cues within the reading limits", async () => {
    const live: Segment[] = [];
    const result = await transcribeFile(
      { input: JFK_MP3, model, language: "en", threads: 1 },
      { onSegment: (segment) => live.push(segment) },
    );
    expect(result.family).toBe("parakeet");
    expect(result.segments.length).toBeGreaterThan(0);
    expect(live.length).toBeGreaterThan(0);
    // Random weights say one word over and over, which the loop guard collapses; the words it
    // keeps keep their times (they were all dropped before), spelling the segment's text.
    for (const segment of result.segments) {
      expect(segment.language).toBe("en");
      expect(segment.words?.length).toBeGreaterThan(0);
      expect(
        segment
          .words!.map((w) => w.text)
          .join("")
          .replace(/\s+/g, " ")
          .trim(),
      ).toBe(segment.text);
      expect(segment.end).toBeLessThanOrEqual(result.durationMs + 100);
    }
    const limits = styleLimits("standard", "en");
    expect(result.cues.length).toBeGreaterThan(0);
    for (const cue of result.cues) {
      const lines = cue.text.split("\n");
      expect(lines.length).toBeLessThanOrEqual(limits.maxLines);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(limits.maxCharsPerLine);
      expect(cue.end - cue.start).toBeLessThanOrEqual(limits.maxDurationMs);
      expect(cue.end).toBeGreaterThan(cue.start);
    }
  });

  it("gives words from the token times whisper.cpp's parakeet reports", async () => {
    const recogniser = await loadParakeetModel(model);
    try {
      const pcm = await decodeAll(JFK_MP3);
      const segments = await recogniser.transcribe(pcm, {
        language: "en",
        translate: false,
        wordTimestamps: true,
        threads: 1,
        beamSize: 1,
        temperature: 0,
        temperatureFallback: false,
      });
      const tokens = segments.flatMap((s) => s.tokens ?? []);
      const words = segments.flatMap((s) => s.words ?? []);
      expect(words.length).toBeGreaterThan(0);
      // Every token lies inside the audio, in order, on parakeet's 80 ms encoder frames.
      for (const [i, t] of tokens.entries()) {
        expect(t.end).toBeGreaterThanOrEqual(t.start);
        expect(t.start % 80).toBe(0);
        expect(t.end).toBeLessThanOrEqual(11_100);
        if (i > 0) expect(t.start).toBeGreaterThanOrEqual(tokens[i - 1]!.start);
      }
      for (const segment of segments) {
        // The segment's text is its words joined; each word spans its tokens.
        expect(
          segment
            .words!.map((w) => w.text)
            .join("")
            .trim(),
        ).toBe(segment.text);
        for (const word of segment.words!) {
          expect(word.start).toBeGreaterThanOrEqual(segment.start);
          expect(word.end).toBeLessThanOrEqual(segment.end);
        }
      }
    } finally {
      await recogniser.free();
    }
  });

  it("is cancelled while it decodes and stays warm for the next job", async () => {
    const long = loopedJfk(scratch.dir, 6);
    const controller = new AbortController();
    let pid = 0;
    let idle: { killed: boolean } | undefined;
    const run = transcribeFile(
      { input: long, model, language: "en", threads: 1 },
      {
        signal: controller.signal,
        onEngineStart: (p) => (pid = p),
        onEngineIdle: (info) => (idle = info),
        onSegment: () => controller.abort(),
      },
    );
    await expect(run).rejects.toMatchObject({ code: "CANCELLED" });
    await new Promise((r) => setTimeout(r, CANCEL_GRACE_MS + 200));
    expect(idle?.killed).toBe(false);
    let nextPid = 0;
    const next = await transcribeFile(
      { input: JFK_MP3, model, language: "en", threads: 1 },
      { onEngineStart: (p) => (nextPid = p) },
    );
    expect(nextPid).toBe(pid);
    expect(next.timings.modelLoadMs).toBe(0);
    expect(next.segments.length).toBeGreaterThan(0);
  });

  it("refuses a language Parakeet does not transcribe, naming the models that do", async () => {
    await expect(transcribeFile({ input: JFK_MP3, model, language: "yue" })).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
      message: expect.stringMatching(/sensevoice-small/),
    });
  });
});
