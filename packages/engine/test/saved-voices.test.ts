// Saved voices: an embedding taken from one speaker's clip names that speaker in a later
// diarized transcription (real sherpa-onnx, stand-in models: accuracy with the real embedding
// model is not measured here).
import { mkdtempSync } from "node:fs";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { voiceEmbedding } from "../src/index.js";
import { transcribeFile } from "../src/transcribe-file.js";
import { ensureDiarizationModels } from "./helpers/diarization-models.js";
import { NO_SPEECH_WAV, scratchDir } from "./helpers/media-files.js";
import { twoVoiceRecording, type TwoVoiceRecording } from "./helpers/two-voices.js";
import { ensurePlumbingModel } from "./support/random-model.js";

const scratch = scratchDir("verbatim-voices-");
let model: string;
let modelsDir: string;
let recording: TwoVoiceRecording;

beforeAll(async () => {
  model = await ensurePlumbingModel();
  modelsDir = await ensureDiarizationModels();
  recording = await twoVoiceRecording(scratch.dir);
}, 300_000);
afterAll(() => scratch.cleanup());

describe("voiceEmbedding and saved voices", () => {
  it(
    "labels B by the name saved from B's clip, and leaves A unnamed",
    { timeout: 180_000 },
    async () => {
      const clip = recording.turns.find((turn) => turn.speaker === "B")!;
      const saved = await voiceEmbedding(recording.path, {
        modelsDir,
        startMs: clip.start,
        endMs: clip.end,
      });
      expect(saved.model).toBe("3dspeaker-eres2net-base");
      expect(saved.embedding).toHaveLength(512);
      expect(saved.embedding.every(Number.isFinite)).toBe(true);

      const result = await transcribeFile({
        input: recording.path,
        model,
        modelsDir,
        beamSize: 1,
        temperatureFallback: false,
        language: "en",
        diarize: { voices: [{ name: "Bea", embedding: saved.embedding }] },
      });
      // A speaks first, so A is S1 and B is S2.
      expect(result.speakers?.map((s) => [s.id, s.name])).toEqual([
        ["S1", null],
        ["S2", "Bea"],
      ]);
    },
  );

  it("says NO_SPEECH for a clip without a voice", async () => {
    await expect(voiceEmbedding(NO_SPEECH_WAV, { modelsDir })).rejects.toMatchObject({
      code: "NO_SPEECH",
    });
    // The pause before the first turn holds no speech either.
    await expect(
      voiceEmbedding(recording.path, { modelsDir, startMs: 0, endMs: recording.turns[0]!.start }),
    ).rejects.toMatchObject({ code: "NO_SPEECH" });
  });

  it("says DIARIZATION_MODEL_MISSING naming the embedding model when it is not installed", async () => {
    const empty = mkdtempSync(join(scratch.dir, "no-models-"));
    await expect(voiceEmbedding(recording.path, { modelsDir: empty })).rejects.toMatchObject({
      code: "DIARIZATION_MODEL_MISSING",
      message: expect.stringContaining("3dspeaker-eres2net-base"),
    });
  });
});
