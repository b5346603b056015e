import type { Cue, Transcript, Word } from "./cue.js";

/** A JSON transcript that does not have the expected shape. */
export class TranscriptJsonError extends Error {
  override readonly name = "TranscriptJsonError";
}

/** Writes a transcript as pretty-printed JSON: `{ language, duration, cues }`. */
export function writeJson(transcript: Transcript): string {
  const cues = transcript.cues.map((cue) => {
    const { index, start, end, text, words } = cue;
    return words ? { index, start, end, text, words } : { index, start, end, text };
  });
  const body = { language: transcript.language, duration: transcript.duration, cues };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** Reads a JSON transcript, throwing TranscriptJsonError that names the first bad field. */
export function readJson(text: string): Transcript {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new TranscriptJsonError(`Transcript JSON is not valid JSON: ${(error as Error).message}`);
  }
  const root = record(data, "transcript");
  const language = root.language ?? null;
  if (language !== null && typeof language !== "string") {
    fail("language", "a string or null");
  }
  const cues = list(root.cues, "cues").map(readCue);
  return { language, duration: time(root.duration, "duration"), cues };
}

function readCue(item: unknown, i: number): Cue {
  const path = `cues[${i}]`;
  const raw = record(item, path);
  if (typeof raw.text !== "string") fail(`${path}.text`, "a string");
  const index = raw.index === undefined ? i + 1 : raw.index;
  if (typeof index !== "number" || !Number.isInteger(index) || index < 1) {
    fail(`${path}.index`, "a positive integer");
  }
  const cue: Cue = {
    index,
    start: time(raw.start, `${path}.start`),
    end: time(raw.end, `${path}.end`),
    text: raw.text,
  };
  if (raw.words !== undefined) {
    cue.words = list(raw.words, `${path}.words`).map((word, w) =>
      readWord(word, `${path}.words[${w}]`),
    );
  }
  return cue;
}

function readWord(item: unknown, path: string): Word {
  const raw = record(item, path);
  if (typeof raw.text !== "string") fail(`${path}.text`, "a string");
  const word: Word = {
    text: raw.text,
    start: time(raw.start, `${path}.start`),
    end: time(raw.end, `${path}.end`),
  };
  if (raw.probability !== undefined) {
    if (typeof raw.probability !== "number" || !Number.isFinite(raw.probability)) {
      fail(`${path}.probability`, "a number");
    }
    word.probability = raw.probability;
  }
  return word;
}

function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(path, "an object");
  return value as Record<string, unknown>;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, "an array");
  return value as unknown[];
}

function time(value: unknown, path: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) fail(path, "a number of milliseconds");
  return Math.round(value);
}

function fail(path: string, expected: string): never {
  throw new TranscriptJsonError(`Transcript JSON: ${path} must be ${expected}.`);
}
