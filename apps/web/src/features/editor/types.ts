import type { TimedWord } from "./spoken-words";

/** One subtitle as the API sends and takes it: times as `hh:mm:ss,mmm`. */
export interface Subtitle {
  id: number;
  startTime: string;
  endTime: string;
  text: string;
  /** Word times (ms), sent by the server while the text is the recognised one. */
  words?: TimedWord[];
  /** The speaker's id (a `Speaker.id`), when the transcription was diarized. */
  speaker?: string;
}

/**
 * One cue in the editor. Times stay in the text form the user typed, so an invalid time is
 * shown (in red) rather than lost; `key` is a stable React key, not the subtitle number.
 */
export interface EditorCue {
  key: number;
  start: string;
  end: string;
  text: string;
  /** The recognised words with their times; used only while they still spell `text`. */
  words?: TimedWord[];
  /** The speaker's id; kept through splits (both halves), merges (the first cue's) and inserts. */
  speaker?: string;
}

export type TimeField = "start" | "end";
