// `verbatim transcribe --speakers/--voice` as a user runs it: the built CLI on the two-voice
// recording, with the random-weight whisper model and the stand-in diarization models (accuracy
// with the real diarization models is not measured here).
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { readJson, readSrtWithSpeakers } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDiarizationModels } from "./helpers/diarization-models.js";
import { ffmpeg, scratchDir } from "./helpers/media-files.js";
import { runCli } from "./helpers/run-cli.js";
import { twoVoiceRecording, type TwoVoiceRecording } from "./helpers/two-voices.js";
import { ensurePlumbingModel } from "./support/random-model.js";

const scratch = scratchDir("verbatim-cli-speakers-");
const at = (name: string) => join(scratch.dir, name);
let model: string;
let modelsDir: string;
let recording: TwoVoiceRecording;

beforeAll(async () => {
  model = await ensurePlumbingModel();
  modelsDir = await ensureDiarizationModels();
  recording = await twoVoiceRecording(scratch.dir);
  // A clip of voice B alone, as a user would cut one.
  const b = recording.turns.find((turn) => turn.speaker === "B")!;
  ffmpeg(
    "-i",
    recording.path,
    "-ss",
    String(b.start / 1000),
    "-to",
    String(b.end / 1000),
    at("bea.wav"),
  );
}, 300_000);
afterAll(() => scratch.cleanup());

const common = () => [
  "--model",
  model,
  "--models-dir",
  modelsDir,
  "-l",
  "en",
  "--beam-size",
  "1",
  "--no-fallback",
];

describe("verbatim transcribe --speakers", () => {
  it(
    "labels speakers in SRT, VTT, TXT and JSON and names the one matching --voice",
    { timeout: 180_000 },
    () => {
      const run = runCli([
        "transcribe",
        recording.path,
        ...common(),
        "--speakers",
        "auto",
        "--voice",
        "Bea=" + at("bea.wav"),
        "-f",
        "srt,vtt,txt,json",
        "-d",
        at("out"),
      ]);
      expect(run.status, run.stderr).toBe(0);
      const read = (ext: string) => readFileSync(at(`out/two-voices.${ext}`), "utf8");
      const json = readJson(read("json"));
      expect(json.speakers).toEqual([
        { id: "S1", name: null },
        { id: "S2", name: "Bea" },
      ]);
      expect(json.cues.length).toBeGreaterThan(0);
      for (const cue of json.cues) expect(["S1", "S2"]).toContain(cue.speaker);
      const label = (id: string) => (id === "S2" ? "Bea" : "Speaker 1");
      // SRT: each cue starts with its speaker's name, as read back with the prefixes.
      const srt = readSrtWithSpeakers(read("srt"));
      expect(
        srt.cues.map((cue) => srt.speakers.find((s) => s.id === cue.speaker)?.name ?? "Speaker 1"),
      ).toEqual(json.cues.map((cue) => label(cue.speaker!)));
      expect(read("vtt")).toContain(`<v ${label(json.cues[0]!.speaker!)}>`);
      expect(read("txt").split("\n")[0]).toBe(`${label(json.cues[0]!.speaker!)}:`);
    },
  );

  it("honours an exact count", { timeout: 180_000 }, () => {
    const run = runCli([
      "transcribe",
      recording.path,
      ...common(),
      "--speakers",
      "1",
      "-f",
      "json",
      "-o",
      "-",
    ]);
    expect(run.status, run.stderr).toBe(0);
    const json = readJson(run.stdout);
    expect(json.speakers).toEqual([{ id: "S1", name: null }]);
  });

  it("refuses a bad --speakers or --voice as a usage error, and says which models are missing", () => {
    const bad = runCli(["transcribe", recording.path, ...common(), "--speakers", "two"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /--speakers must be off, auto, a number \(2\) or a range \(2-4\), from 1 to 10/,
    );
    // The same limit as the API's `speakers` field.
    const many = runCli(["transcribe", recording.path, ...common(), "--speakers", "2-12"]);
    expect(many.status).toBe(2);
    expect(many.stderr).toMatch(/from 1 to 10 \(got "2-12"\)/);
    const voice = runCli(["transcribe", recording.path, ...common(), "--voice", "nobody"]);
    expect(voice.status).toBe(2);
    expect(voice.stderr).toMatch(/--voice must be NAME=clip/);
    const missing = runCli([
      "transcribe",
      recording.path,
      ...common(),
      "--models-dir",
      scratch.dir,
      "--speakers",
      "auto",
    ]);
    expect(missing.status).toBe(4);
    expect(missing.stderr).toMatch(/pyannote-segmentation-3\.0\.onnx.*verbatim models download/);
  });
});
