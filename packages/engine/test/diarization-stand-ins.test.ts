// The stand-in diarization models load in the real sherpa-onnx library and find the turns of the
// two-voice recording. This proves the test material, not diarization quality: accuracy with the
// real pyannote / 3D-Speaker models is not measured here.
import { join } from "node:path";

import sherpa from "sherpa-onnx-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { EMBEDDING_MODEL_FILE, SEGMENTATION_MODEL_FILE } from "../src/diarization/model-files.js";
import { ensureDiarizationModels } from "./helpers/diarization-models.js";
import { scratchDir } from "./helpers/media-files.js";
import { twoVoiceRecording, type TwoVoiceRecording } from "./helpers/two-voices.js";

const scratch = scratchDir("verbatim-diarization-");
let models: string;
let recording: TwoVoiceRecording;

beforeAll(async () => {
  models = await ensureDiarizationModels();
  recording = await twoVoiceRecording(scratch.dir);
});
afterAll(() => scratch.cleanup());

function diarizer(numClusters: number) {
  return new sherpa.OfflineSpeakerDiarization({
    segmentation: { pyannote: { model: join(models, SEGMENTATION_MODEL_FILE) } },
    embedding: { model: join(models, EMBEDDING_MODEL_FILE) },
    clustering: { numClusters, threshold: 0.5 },
  });
}

describe("stand-in diarization models", () => {
  it("make a recording of five alternating turns", () => {
    expect(recording.turns.map((turn) => turn.speaker)).toEqual(["A", "B", "A", "B", "A"]);
    for (const [previous, next] of recording.turns.slice(1).map((t, i) => [recording.turns[i]!, t]))
      expect(next!.start).toBeGreaterThan(previous!.end);
  });

  it("are loaded by sherpa-onnx, which finds each turn and gives the two voices two speakers", () => {
    const { samples, sampleRate } = sherpa.readWave(recording.path);
    const d = diarizer(-1);
    expect(d.sampleRate).toBe(sampleRate);
    const found = d.process(samples);
    expect(found).toHaveLength(recording.turns.length);
    const speakerOf = new Map<string, number>();
    recording.turns.forEach((turn, i) => {
      const segment = found[i]!;
      expect(Math.abs(segment.start * 1000 - turn.start)).toBeLessThan(300);
      expect(Math.abs(segment.end * 1000 - turn.end)).toBeLessThan(800);
      if (!speakerOf.has(turn.speaker)) speakerOf.set(turn.speaker, segment.speaker);
      expect(segment.speaker).toBe(speakerOf.get(turn.speaker));
    });
    expect(speakerOf.get("A")).not.toBe(speakerOf.get("B"));
  });

  it("give the embeddings of the two voices cosine similarity near 0, of one voice near 1", () => {
    const { samples, sampleRate } = sherpa.readWave(recording.path);
    const extractor = new sherpa.SpeakerEmbeddingExtractor({
      model: join(models, EMBEDDING_MODEL_FILE),
    });
    const embed = (turnIndex: number) => {
      const turn = recording.turns[turnIndex]!;
      const stream = extractor.createStream();
      stream.acceptWaveform({
        samples: samples.subarray((turn.start * sampleRate) / 1000, (turn.end * sampleRate) / 1000),
        sampleRate,
      });
      stream.inputFinished();
      return Array.from(extractor.compute(stream));
    };
    const cosine = (a: number[], b: number[]) => {
      const dot = a.reduce((sum, x, i) => sum + x * b[i]!, 0);
      return dot / Math.hypot(...a) / Math.hypot(...b);
    };
    const [a1, b1, a2] = [embed(0), embed(1), embed(2)];
    expect(a1).toHaveLength(extractor.dim);
    expect(cosine(a1, a2)).toBeGreaterThan(0.95);
    expect(cosine(a1, b1)).toBeLessThan(0.1);
  });
});
