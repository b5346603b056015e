// SenseVoice through sherpa-onnx's OfflineRecognizer, end to end, with a stand-in ONNX graph of
// the real interface (test/helpers/sensevoice-stand-in.ts) whose output is a simple function of
// the audio: Cantonese characters on loud frames, written by the pipeline as Hong Kong Cantonese.
import { join } from "node:path";

import { styleLimits } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { sherpaOnnx } from "../src/diarization/sherpa-runtime.js";
import { decodePcm } from "../src/media/decode.js";
import { resolveModel } from "../src/models/resolve-model.js";
import { SENSEVOICE_MAX_TOKEN_MS } from "../src/recognisers/sensevoice-tokens.js";
import { loadRecogniser } from "../src/recognisers/load-recogniser.js";
import { loadSenseVoiceModel } from "../src/recognisers/sensevoice-model.js";
import type { Segment } from "../src/pipeline/pipeline-types.js";
import { transcribeFile } from "../src/transcribe-file.js";
import { JFK_MP3, scratchDir } from "./helpers/media-files.js";
import { writeSenseVoiceStandIn } from "./helpers/sensevoice-stand-in.js";

const scratch = scratchDir("verbatim-sensevoice-");
let folder: string;
beforeAll(async () => {
  folder = await writeSenseVoiceStandIn(join(scratch.dir, "sensevoice-stand-in"));
});
afterAll(() => scratch.cleanup());

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

describe("SenseVoice recogniser", () => {
  it("times tokens on the 60 ms grid, ends them at the next token or the window's end", async () => {
    const recogniser = await loadSenseVoiceModel(folder, { threads: 1 });
    const pcm = await decodeAll(JFK_MP3);
    const segments = await recogniser.transcribe(pcm, {
      language: "auto",
      translate: false,
      wordTimestamps: true,
      threads: 1,
      beamSize: 1,
      temperature: 0,
      temperatureFallback: false,
    });
    expect(recogniser.family).toBe("sensevoice");
    expect(segments.length).toBeGreaterThan(0);
    // Auto-detection reads the model's language token.
    expect(segments.every((s) => s.language === "yue")).toBe(true);
    const tokens = segments.flatMap((s) => s.tokens ?? []);
    for (const [i, token] of tokens.entries()) {
      expect(token.start % 60).toBe(0);
      expect(token.end).toBeGreaterThanOrEqual(token.start);
      expect(token.end - token.start).toBeLessThanOrEqual(SENSEVOICE_MAX_TOKEN_MS);
      const next = tokens[i + 1];
      if (next) expect(token.end).toBeLessThanOrEqual(next.start);
      else expect(token.end).toBeLessThanOrEqual(11_000);
    }
    // One word per character in Chinese.
    for (const segment of segments) {
      expect(segment.words?.map((w) => w.text).join("")).toBe(segment.text);
      expect(segment.words?.every((w) => Array.from(w.text).length === 1)).toBe(true);
    }
  });
});

describe("SenseVoice's loaded copies", () => {
  it("loads the network once for a job's language, and keeps one copy when the language changes", async () => {
    // Each OfflineRecognizer is a whole copy of the network (about 1.5 GB for the float32
    // SenseVoice-small): loading "auto" first and then the job's language held two.
    const created = vi.spyOn(sherpaOnnx().OfflineRecognizer, "createAsync");
    try {
      // As the engine loads it: for the first job's language.
      const recogniser = await loadRecogniser("sensevoice", folder, {
        gpu: false,
        threads: 1,
        language: "yue",
      });
      const pcm = await decodeAll(JFK_MP3);
      const decode = {
        translate: false,
        wordTimestamps: false,
        threads: 1,
        beamSize: 1,
        temperature: 0,
        temperatureFallback: false,
      };
      expect(
        (await recogniser.transcribe(pcm, { ...decode, language: "yue" })).length,
      ).toBeGreaterThan(0);
      expect(created).toHaveBeenCalledTimes(1);
      expect(
        (await recogniser.transcribe(pcm, { ...decode, language: "en" })).length,
      ).toBeGreaterThan(0);
      expect(created).toHaveBeenCalledTimes(2);
      // One copy is kept: back to Cantonese loads it again.
      await recogniser.transcribe(pcm, { ...decode, language: "yue" });
      expect(created.mock.calls.map(([config]) => config.modelConfig.senseVoice?.language)).toEqual(
        ["yue", "en", "yue"],
      );
      await recogniser.free();
    } finally {
      created.mockRestore();
    }
  });
});

describe("SenseVoice through the engine process", () => {
  it("writes Cantonese in Hong Kong characters as spoken, with cues by character", async () => {
    const live: Segment[] = [];
    const result = await transcribeFile(
      { input: JFK_MP3, model: folder, language: "yue", threads: 1 },
      { onSegment: (segment) => live.push(segment) },
    );
    expect(result.family).toBe("sensevoice");
    expect(result.language).toBe("yue");
    expect(live.length).toBeGreaterThan(0);
    const text = result.segments.map((s) => s.text).join("");
    // The stand-in says Simplified 佢 系 嘅 咗 唔 喺 哋 讲: written as Hong Kong Cantonese.
    expect(text).toMatch(/^[佢係嘅咗唔喺哋講]+$/u);
    expect(text).toMatch(/係|講/u);
    expect(
      result.segments
        .flatMap((s) => s.words ?? [])
        .map((w) => w.text)
        .join(""),
    ).toBe(text);
    const limits = styleLimits("standard", "yue");
    expect(result.cues.length).toBeGreaterThan(0);
    for (const cue of result.cues) {
      const lines = cue.text.split("\n");
      expect(lines.length).toBeLessThanOrEqual(limits.maxLines);
      for (const line of lines) {
        expect(Array.from(line).length).toBeLessThanOrEqual(limits.maxCharsPerLine);
      }
      expect(cue.end - cue.start).toBeLessThanOrEqual(limits.maxDurationMs);
    }
  });

  // sherpa-onnx would end the process loading it (_Exit): the key is missed in the file's ONNX
  // metadata first, without loading the graph.
  it("refuses a model missing a metadata key before loading it: this process lives", async () => {
    const broken = await writeSenseVoiceStandIn(join(scratch.dir, "sensevoice-broken"), {
      missingMetadata: "with_itn",
    });
    await expect(resolveModel(broken, scratch.dir)).rejects.toMatchObject({
      code: "MODEL_INVALID",
      message: expect.stringMatching(
        /not a usable SenseVoice model: its metadata lacks "with_itn"/,
      ),
    });
    await expect(
      transcribeFile({ input: JFK_MP3, model: broken, language: "yue" }),
    ).rejects.toMatchObject({ code: "MODEL_INVALID" });
    // The good folder still works afterwards, in the same engine.
    const resolved = await resolveModel(folder, scratch.dir);
    expect(resolved.family).toBe("sensevoice");
  });

  it("refuses a language SenseVoice does not transcribe, naming the models that do", async () => {
    await expect(
      transcribeFile({ input: JFK_MP3, model: folder, language: "de" }),
    ).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
      message: expect.stringMatching(/parakeet-tdt-0\.6b-v3/),
    });
  });
});
