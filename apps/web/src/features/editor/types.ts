import type { TranscriptionDetail } from "../../api/types";
import type { Subtitle } from "../../api/types";
import type { CueAlign, CuePosition } from "@verbatim/subtitles";
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
      | "style"
      | "duration"
      | "version"
      | "audio"
      | "speakers"
      | "commentCount"
      | "teamId"
      | "modelFamily"
      | "engineModel"
      | "frameRate"
      | "shotChanges"
      | "insightsStatus"
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
  /** Markup: `<i>`, `<b>`, `<u>` style a span (the text box shows the plain text). */
  text: string;
  /** Shown at the top; absent at the bottom. */
  position?: CuePosition;
  /** Lines aligned left or right; absent centred. */
  align?: CueAlign;
  /** The recognised words with their times; used only while they still spell `text`. */
  words?: TimedWord[];
  /** The speaker's id; kept through splits (both halves), merges (the first cue's) and inserts. */
  speaker?: string;
  /**
   * A re-timed import: where its script and the speech disagree, until a person has checked
   * them (saved with the cue; "Checked" drops them).
   */
  mismatches?: ScriptMismatch[];
  /** A bilingual transcription: the cue's English translation, kept through edits. */
  translation?: string;
  /**
   * An inserted cue that took the second half of the cue before it (no gap after that one):
   * that cue's key and its end as it was, given back when this cue is deleted. Never saved.
   */
  tookTimeFrom?: { key: number; end: string };
}

/** Where a re-timed script and the speech disagree (times in ms, as the server sends them). */
export type ScriptMismatch = NonNullable<Subtitle["mismatches"]>[number];

export type TimeField = "start" | "end";
