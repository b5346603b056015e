// A recording of two synthetic speakers taking turns, made with Debian's espeak-ng and ffmpeg,
// for diarization tests. Voice A is a low male voice heard as through a muffled line (energy
// under ~700 Hz); voice B a high female voice heard thin (energy mostly over ~1 kHz; a steeper cut loses
// it to voice activity detection). The stand-in
// diarization models (diarization-models.ts) tell voices apart by where their energy lies, so the
// two voices are made to differ that way on top of espeak-ng's own voice and pitch.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

import { ffmpeg } from "./media-files.js";

export type TurnSpeaker = "A" | "B";

export interface Turn {
  speaker: TurnSpeaker;
  /** Milliseconds from the start of the recording. */
  start: number;
  end: number;
  text: string;
}

export interface TwoVoiceRecording {
  /** A 16 kHz mono WAV. */
  path: string;
  turns: Turn[];
}

const LINES: ReadonlyArray<readonly [TurnSpeaker, string]> = [
  ["A", "Good morning everyone, thank you for joining the weekly planning meeting today."],
  ["B", "Thanks for having me. I have prepared a short update about the new design."],
  ["A", "That sounds great, please go ahead and tell us what changed since last week."],
  ["B", "We moved the settings page and made the buttons larger for small screens."],
  ["A", "Wonderful, then let us talk about the release date after the break."],
];

const PAUSE_MS = 700;
const LEAD_MS = 500;

const VOICES: Record<TurnSpeaker, { espeak: string[]; filter: string }> = {
  A: {
    espeak: ["-v", "en-us+m3", "-p", "20", "-s", "150"],
    filter: "lowpass=f=700,lowpass=f=700,lowpass=f=700,lowpass=f=700,volume=2",
  },
  B: {
    espeak: ["-v", "en-us+f3", "-p", "85", "-s", "160"],
    filter: "highpass=f=900,highpass=f=900,volume=2",
  },
};

function durationMs(path: string): number {
  const out = execFileSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
    { encoding: "utf8" },
  );
  return Math.round(Number(out.trim()) * 1000);
}

/**
 * Writes `two-voices.wav` into `dir`: five alternating turns (A, B, A, B, A) with 0.7 s pauses,
 * and returns the path with each turn's text and its times in the file.
 */
export async function twoVoiceRecording(dir: string): Promise<TwoVoiceRecording> {
  const turns: Turn[] = [];
  const parts: string[] = [];
  let cursor = LEAD_MS;
  LINES.forEach(([speaker, text], index) => {
    const raw = join(dir, `turn-${index}-raw.wav`);
    const part = join(dir, `turn-${index}.wav`);
    execFileSync("espeak-ng", [...VOICES[speaker].espeak, "-w", raw, text], { stdio: "pipe" });
    ffmpeg("-i", raw, "-af", VOICES[speaker].filter, "-ar", "16000", "-ac", "1", part);
    const length = durationMs(part);
    turns.push({ speaker, start: cursor, end: cursor + length, text });
    parts.push(part);
    cursor += length + PAUSE_MS;
  });
  // Silence between turns comes from adelay on each part, mixed without normalisation.
  const path = join(dir, "two-voices.wav");
  const inputs = parts.flatMap((part) => ["-i", part]);
  const delays = turns.map((turn, i) => `[${i}]adelay=${turn.start}:all=1[d${i}]`).join(";");
  const mix = `${turns.map((_, i) => `[d${i}]`).join("")}amix=inputs=${turns.length}:normalize=0:duration=longest`;
  ffmpeg(...inputs, "-filter_complex", `${delays};${mix}`, "-ar", "16000", "-ac", "1", path);
  return { path, turns };
}
