// Diarized transcription end to end: the two-voice recording, the real whisper.cpp binding
// with random weights, and the real sherpa-onnx with stand-in diarization models. Checks where
// words and cues land relative to the recording's known turns; accuracy with the real
// diarization models is not measured here.
import { mkdtempSync } from "node:fs";
import { join } from "node:path";

import type { Word } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  transcribeFile,
  type TranscriptionProgress,
  type Transcription,
} from "../src/transcribe-file.js";
import { ensureDiarizationModels } from "./helpers/diarization-models.js";
import { scratchDir } from "./helpers/media-files.js";
import { twoVoiceRecording, type TwoVoiceRecording } from "./helpers/two-voices.js";
import { ensurePlumbingModel } from "./support/random-model.js";

const scratch = scratchDir("verbatim-diarize-");
let model: string;
let modelsDir: string;
let recording: TwoVoiceRecording;
let auto: Transcription;
const progress: TranscriptionProgress[] = [];

const base = () => ({
  input: recording.path,
  model,
  modelsDir,
  beamSize: 1,
  temperatureFallback: false,
  language: "en",
  // One chunk per turn: random weights then write words in turns of both voices (over one long
  // chunk they wrote them only in the first and last turns).
  chunking: { targetChunkSeconds: 2 },
});

beforeAll(async () => {
  model = await ensurePlumbingModel();
  modelsDir = await ensureDiarizationModels();
  recording = await twoVoiceRecording(scratch.dir);
  auto = await transcribeFile({ ...base(), diarize: {} }, { onProgress: (p) => progress.push(p) });
}, 300_000);
afterAll(() => scratch.cleanup());

/** The turn a time lies well inside (300 ms from its edges), if any. */
function turnAt(ms: number) {
  return recording.turns.find((turn) => ms >= turn.start + 300 && ms <= turn.end - 300);
}

function allWords(result: Transcription): Word[] {
  return result.segments.flatMap((segment) => segment.words ?? []);
}

describe("transcription with speaker diarization", () => {
  it("finds the two voices as S1 (first heard) and S2 with their speaking time", () => {
    expect(auto.speakers?.map((s) => s.id)).toEqual(["S1", "S2"]);
    const [s1, s2] = auto.speakers!;
    expect(s1!.name).toBeNull();
    // Voice A speaks three turns, B two: A is heard first and longer.
    const spoken = (who: "A" | "B") =>
      recording.turns.filter((t) => t.speaker === who).reduce((sum, t) => sum + t.end - t.start, 0);
    expect(Math.abs(s1!.speechMs - spoken("A"))).toBeLessThan(2_500);
    expect(Math.abs(s2!.speechMs - spoken("B"))).toBeLessThan(2_500);
  });

  it("gives each word the speaker of the turn it lies in", () => {
    const expected = { A: "S1", B: "S2" } as const;
    const inside = allWords(auto).filter((word) => turnAt((word.start + word.end) / 2));
    expect(inside.length).toBeGreaterThan(0);
    for (const word of inside) {
      const turn = turnAt((word.start + word.end) / 2)!;
      expect({ word: word.text, at: word.start, speaker: word.speaker }).toEqual({
        word: word.text,
        at: word.start,
        speaker: expected[turn.speaker],
      });
    }
    // Words of both voices were checked, not just one.
    const voices = new Set(inside.map((w) => turnAt((w.start + w.end) / 2)!.speaker));
    expect([...voices].sort()).toEqual(["A", "B"]);
  });

  it("labels every segment and cue with one speaker, never two in a cue", () => {
    expect(auto.segments.length).toBeGreaterThan(0);
    for (const segment of auto.segments) {
      expect(segment.speaker).toMatch(/^S[12]$/);
      for (const word of segment.words ?? []) expect(word.speaker).toBe(segment.speaker);
    }
    expect(auto.cues.length).toBeGreaterThan(0);
    const withWords = auto.cues.filter((cue) => (cue.words ?? []).length > 0);
    expect(withWords.length).toBeGreaterThan(0);
    for (const cue of auto.cues) {
      expect(cue.speaker).toMatch(/^S[12]$/);
      for (const word of cue.words ?? []) expect(word.speaker).toBe(cue.speaker);
    }
    expect(new Set(auto.cues.map((cue) => cue.speaker))).toEqual(new Set(["S1", "S2"]));
  });

  it("reports diarization as a stage after transcribing, with progress rising to 1", () => {
    const stages = progress.map((p) => p.stage);
    expect(stages).toContain("diarizing");
    expect(stages.lastIndexOf("transcribing")).toBeLessThan(stages.indexOf("diarizing"));
    const fractions = progress.map((p) => p.fraction);
    fractions.slice(1).forEach((f, i) => expect(f).toBeGreaterThanOrEqual(fractions[i]!));
    expect(fractions.at(-1)).toBe(1);
    expect(auto.timings.diarizeMs).toBeGreaterThan(0);
  });

  it("honours an exact number of speakers", { timeout: 180_000 }, async () => {
    const one = await transcribeFile({ ...base(), diarize: { speakers: 1 } });
    expect(one.speakers?.map((s) => s.id)).toEqual(["S1"]);
    expect(allWords(one).length).toBeGreaterThan(0);
    expect(allWords(one).every((word) => word.speaker === "S1")).toBe(true);
    // More clusters than voices is not a promise sherpa-onnx keeps (a cluster that never
    // dominates a frame disappears), so only the merge is checked.
  });

  it(
    "keeps the number of speakers within a minimum and maximum",
    { timeout: 180_000 },
    async () => {
      // The threshold finds two voices; a maximum of one makes a second pass asking for one.
      const capped = await transcribeFile({
        ...base(),
        diarize: { minSpeakers: 1, maxSpeakers: 1 },
      });
      expect(capped.speakers?.map((s) => s.id)).toEqual(["S1"]);
      const within = await transcribeFile({
        ...base(),
        diarize: { minSpeakers: 2, maxSpeakers: 6 },
      });
      expect(within.speakers?.map((s) => s.id)).toEqual(["S1", "S2"]);
    },
  );

  it("fails before any work with DIARIZATION_MODEL_MISSING naming the file and the command", async () => {
    const empty = mkdtempSync(join(scratch.dir, "no-models-"));
    const attempt = transcribeFile({ ...base(), modelsDir: empty, diarize: {} });
    await expect(attempt).rejects.toMatchObject({
      code: "DIARIZATION_MODEL_MISSING",
      message: expect.stringMatching(
        /pyannote-segmentation-3\.0\.onnx.*not found in .*no-models-.*verbatim models download pyannote-segmentation-3\.0 3dspeaker-eres2net-base/s,
      ),
    });
  });

  it("rejects impossible speaker counts", async () => {
    await expect(
      transcribeFile({ ...base(), diarize: { minSpeakers: 4, maxSpeakers: 2 } }),
    ).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
    await expect(transcribeFile({ ...base(), diarize: { speakers: 0 } })).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
    });
  });
});
