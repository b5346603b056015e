import type { CheckIssue, CheckOptions, Cue, Word } from "@verbatim/subtitles";
import type { ImportErrorCode, ImportedSubtitles } from "@verbatim/subtitles/import";

// What the API process asks of a subtitle-work thread (subtitle-work-thread.ts), and what it
// answers: one piece of work per thread, given as its workerData, answered in one message.

/**
 * Work on what a user sent: read an uploaded file, re-time its cues to the speech, or check
 * its subtitles (spelling loads a dictionary: seconds of work, off the event loop).
 */
export type SubtitleWork =
  | { kind: "read"; bytes: Uint8Array; fileName: string }
  | { kind: "retime"; cues: Cue[]; words: Word[]; durationMs: number; minGapMs?: number }
  | {
      kind: "checks";
      cues: Cue[];
      options: Omit<CheckOptions, "spelling">;
      /** The user's own words, which spelling accepts. */
      ownWords: string[];
    };

/** The answer to each kind of work. */
export interface SubtitleWorkResults {
  /** The file read, and how many alignment tokens (words; CJK characters) its text holds. */
  read: { imported: ImportedSubtitles; scriptTokens: number };
  retime: { cues: Cue[] };
  /** The findings, and the dictionary spelling was checked with (null: none for the language). */
  checks: { issues: CheckIssue[]; dictionary: string | null };
}

/** The thread's one message: the result, or the reader's typed refusal (or its own bug). */
export type SubtitleWorkReply<Kind extends SubtitleWork["kind"] = SubtitleWork["kind"]> =
  | { ok: true; result: SubtitleWorkResults[Kind] }
  | {
      ok: false;
      /** A SubtitleImportError's code; absent for any other error (a bug). */
      code?: ImportErrorCode;
      message: string;
      details?: Readonly<Record<string, string | number>>;
    };
