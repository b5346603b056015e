import type { CueAlign, CuePosition } from "./cue-styling.js";

/** One spoken word with its timing in milliseconds, as the speech model reported it. */
export interface Word {
  /** The word's text; whisper usually keeps its leading space (" Hello"), CJK words have none. */
  text: string;
  /** Start time in integer milliseconds. */
  start: number;
  /** End time in integer milliseconds. */
  end: number;
  /** The model's confidence, 0..1, when known. */
  probability?: number;
  /** Id of the speaker who said it (a `Speaker.id`), when the audio was diarized. */
  speaker?: string;
}

/**
 * A voice found by speaker diarization. Accuracy with trained models is not measured in this
 * repository (no trained weights can be downloaded where it is built; see docs/speakers.md).
 */
export interface Speaker {
  /** Stable within one transcription: "S1", "S2", … in order of first appearance. */
  id: string;
  /** The name the user gave it or the saved voice it matched; null shows as "Speaker N". */
  name: string | null;
}

/** One subtitle shown on screen from `start` to `end` (integer milliseconds). */
export interface Cue {
  /** Position in the file, counted from 1. */
  index: number;
  /** Start time in integer milliseconds. */
  start: number;
  /** End time in integer milliseconds. */
  end: number;
  /**
   * The text shown; lines are separated by `\n`. Markup: `<i>`, `<b>`, `<u>` style a word or
   * the whole cue, `&lt;` is a literal "<" (cue-styling.ts).
   */
  text: string;
  /** Shown at the top of the picture; absent (or "bottom") at the bottom. */
  position?: CuePosition;
  /** Lines aligned left or right; absent (or "center") centred. */
  align?: CueAlign;
  /** The words the cue was built from, when word timings are known. */
  words?: Word[];
  /** Id of the cue's speaker (a `Speaker.id`); a cue never holds two speakers. */
  speaker?: string;
  /** A bilingual transcription: the cue's English translation. */
  translation?: string;
  /** A re-timed import: where this cue's script and the speech disagree, to check first. */
  mismatches?: ScriptMismatch[];
}

/**
 * A place where an imported script and the speech disagree: words of the script not heard
 * (`heard` empty), speech not in the script (`script` empty), or heard otherwise.
 */
export interface ScriptMismatch {
  /** The script's words there, as written ("" when the speech is not in the script). */
  script: string;
  /** What was recognised there ("" when the script's words were not heard). */
  heard: string;
  /** Where in the media (ms). */
  start: number;
  end: number;
}

/** A whole transcription: its cues plus what is known about the media. */
export interface Transcript {
  /** ISO 639-1 code of the spoken language, or null when unknown. */
  language: string | null;
  /** Media duration in milliseconds. */
  duration: number;
  /** The cues in display order. */
  cues: Cue[];
  /** The speakers the cues refer to, when the audio was diarized. */
  speakers?: Speaker[];
}
