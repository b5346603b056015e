import type { TranscriptionDetail } from "../../api/types";
import type { TimedWord } from "./spoken-words";

export type { Subtitle } from "../../api/types";

/**
 * A transcription as the editor needs it: the server's detail, of which the editor can open
 * one with its subtitles and names alone (no style: standard; no speakers: not diarized).
 */
export type EditorTranscription = Pick<
  TranscriptionDetail,
  "id" | "fileName" | "language" | "subtitles"
> &
  Partial<
    Pick<
      TranscriptionDetail,
      "style" | "duration" | "version" | "audio" | "speakers" | "commentCount"
    >
  >;

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
