import type { Cue, Speaker, Transcript, Word } from "./cue.js";
import { cuesWithText } from "./empty-cues.js";
import {
  CUE_ALIGNS,
  CUE_POSITIONS,
  placementFields,
  type CueAlign,
  type CuePosition,
} from "./cue-styling.js";
import { speakerDisplayName, type SpeakerNaming } from "./speaker-names.js";

/** A JSON transcript that does not have the expected shape. */
export class TranscriptJsonError extends Error {
  override readonly name = "TranscriptJsonError";
}

/**
 * Writes a transcript as pretty-printed JSON: `{ language, duration, cues }`. A diarized one
 * adds `speakers` (`id`, `name` as given or null, and `label`, the name shown: "Speaker N"
 * when unnamed) before the cues, and `speaker` on cues and words. Empty cues are left out
 * (the rest numbered from 1). A bilingual one (cues holding a translation) writes each cue's
 * `translation` beside its `text`, and the translation's language as `translationLanguage`.
 */
export function writeJson(
  transcript: Transcript,
  naming: Pick<SpeakerNaming, "locale"> = {},
): string {
  const cues = cuesWithText(transcript.cues).map((cue) => {
    const { index, start, end, text, words, speaker, translation, position, align } = cue;
    return {
      index,
      start,
      end,
      text,
      ...placementFields(position, align),
      ...(translation !== undefined ? { translation } : {}),
      ...(speaker !== undefined ? { speaker } : {}),
      ...(words ? { words } : {}),
    };
  });
  const { speakers } = transcript;
  const bilingual = cues.some((cue) => cue.translation !== undefined);
  const body = {
    language: transcript.language,
    // Whisper's translate task: a bilingual transcription's translation is English.
    ...(bilingual ? { translationLanguage: "en" } : {}),
    duration: transcript.duration,
    ...(speakers
      ? {
          speakers: speakers.map(({ id, name }) => ({
            id,
            name,
            label: speakerDisplayName(id, { speakers, locale: naming.locale }),
          })),
        }
      : {}),
    cues,
  };
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
  const speakers = root.speakers === undefined ? undefined : readSpeakers(root.speakers);
  const ids = new Set(speakers?.map((speaker) => speaker.id));
  const cues = list(root.cues, "cues").map((item, i) => readCue(item, i, ids));
  const transcript: Transcript = { language, duration: time(root.duration, "duration"), cues };
  if (speakers) transcript.speakers = speakers;
  return transcript;
}

/** Longest speaker id or name a transcript may hold (ids are "S1"…, names a person's). */
const MAX_SPEAKER_TEXT = 200;

function readSpeakers(value: unknown): Speaker[] {
  const seen = new Set<string>();
  return list(value, "speakers").map((item, i) => {
    const path = `speakers[${i}]`;
    const raw = record(item, path);
    if (typeof raw.id !== "string" || raw.id.trim() === "" || raw.id.length > MAX_SPEAKER_TEXT) {
      fail(`${path}.id`, `a non-empty string of at most ${MAX_SPEAKER_TEXT} characters`);
    }
    if (seen.has(raw.id)) fail(`${path}.id`, "unique among the speakers");
    seen.add(raw.id);
    const name = raw.name ?? null;
    if (name !== null && (typeof name !== "string" || name.length > MAX_SPEAKER_TEXT)) {
      fail(`${path}.name`, `a string of at most ${MAX_SPEAKER_TEXT} characters, or null`);
    }
    return { id: raw.id, name: name === null || name.trim() === "" ? null : name };
  });
}

function readSpeakerRef(value: unknown, path: string, ids: ReadonlySet<string>): string {
  if (typeof value !== "string" || !ids.has(value)) {
    fail(`${path}.speaker`, "the id of one of the listed speakers");
  }
  return value;
}

function readCue(item: unknown, i: number, ids: ReadonlySet<string>): Cue {
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
  if (raw.translation !== undefined) {
    if (typeof raw.translation !== "string") fail(`${path}.translation`, "a string");
    cue.translation = raw.translation;
  }
  if (raw.position !== undefined) {
    if (!CUE_POSITIONS.includes(raw.position as CuePosition)) {
      fail(`${path}.position`, '"top" or "bottom"');
    }
    Object.assign(cue, placementFields(raw.position as CuePosition, undefined));
  }
  if (raw.align !== undefined) {
    if (!CUE_ALIGNS.includes(raw.align as CueAlign)) {
      fail(`${path}.align`, '"left", "center" or "right"');
    }
    Object.assign(cue, placementFields(undefined, raw.align as CueAlign));
  }
  if (raw.speaker !== undefined) cue.speaker = readSpeakerRef(raw.speaker, path, ids);
  if (raw.words !== undefined) {
    cue.words = list(raw.words, `${path}.words`).map((word, w) =>
      readWord(word, `${path}.words[${w}]`, ids),
    );
  }
  return cue;
}

function readWord(item: unknown, path: string, ids: ReadonlySet<string>): Word {
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
  if (raw.speaker !== undefined) word.speaker = readSpeakerRef(raw.speaker, path, ids);
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
