// The benchmark's random-weight SenseVoice-small: the real network's size, and a graph that
// sherpa-onnx loads and our engine runs (on the same graph at a tiny width, to stay quick).
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { transcribeFile } from "../../src/transcribe-file.js";
import { JFK_MP3, scratchDir } from "../helpers/media-files.js";
import { senseVoiceParameterCount, writeRandomSenseVoice } from "./random-sensevoice-model.js";

const scratch = scratchDir("verbatim-random-sensevoice-");
afterAll(() => scratch.cleanup());

describe("the random-weight SenseVoice model", () => {
  it("has SenseVoice-small's published size: 234 million parameters", () => {
    // FunASR's model zoo lists SenseVoice-Small at 234M parameters; sherpa-onnx's float32
    // model.onnx of it is about 936 MB.
    const count = senseVoiceParameterCount("small");
    expect(count).toBeGreaterThan(233_500_000);
    expect(count).toBeLessThan(234_500_000);
  });

  it("is a graph sherpa-onnx loads and the engine transcribes with, blanks on most frames", async () => {
    const folder = await writeRandomSenseVoice(join(scratch.dir, "test-shape"), "test");
    const result = await transcribeFile({
      input: JFK_MP3,
      model: folder,
      language: "en",
      threads: 1,
    });
    expect(result.family).toBe("sensevoice");
    const words = result.segments.flatMap((s) => s.text.split(/\s+/u).filter(Boolean));
    // 11 s of speech is about 180 frames of 60 ms: a few words a second, not one a frame.
    expect(words.length).toBeGreaterThan(0);
    // SenseVoice's tags (its vocabulary's last tokens, <|zh|> and the like) are not text.
    expect(result.segments.map((s) => s.text).join(" ")).not.toMatch(/<\|/u);
    expect(words.length).toBeLessThan(90);
  }, 60_000);
});
