import type { ExportQuery } from "@verbatim/contract/api";
import type { z } from "zod";
import type { TranscriptionRow } from "../jobs/job-row.js";
import type { Cue } from "@verbatim/subtitles";

// What the API process asks of an export thread (export-thread.ts), and what it answers: the
// thread stays up between exports and takes one at a time, each with its id.

/** The columns of a completed transcription that an export reads (its cues as stored: JSON). */
export type ExportedRow = Pick<
  TranscriptionRow,
  | "language"
  | "duration_ms"
  | "cues_json"
  | "speakers_json"
  | "options_json"
  | "file_name"
  | "media_file_name"
  | "created_at"
  | "video_frame_rate"
>;

/** A translation track an export carries (docs/translation.md). */
export interface TranslationTrack {
  /** BCP-47. */
  language: string;
  /** Its cues, at the times of the transcription cues they translate. */
  cues: Cue[];
}

/** One export: the transcription, the choices of the request, the account's language. */
export interface ExportWork {
  row: ExportedRow;
  query: z.output<typeof ExportQuery>;
  accountLocale: string;
  /** A translation track asked for with `language=CODE`: its language and cues. */
  translation?: TranslationTrack;
}

/** A refusal the formats make, as a code of the error table. */
export type ExportRefusal =
  | { code: "EXPORT_TEXT_UNSUPPORTED"; details: { character: string } }
  | { code: "EXPORT_FONT_MISSING" };

/** The thread's answer to one export: the file, a refusal, or its own failure (a bug). */
export type ExportReply =
  | { ok: true; body: string | Uint8Array; contentType: string }
  | { ok: false; refusal: ExportRefusal }
  | { ok: false; message: string };

/** A message to the thread. */
export interface ExportRequestMessage {
  id: number;
  work: ExportWork;
}

/** A message from the thread. */
export interface ExportReplyMessage {
  id: number;
  reply: ExportReply;
}

/** The thread's first message: its modules are loaded (an export's time counts from then). */
export interface ExportThreadReady {
  ready: true;
}
