import type { ExportQuery } from "@verbatim/contract/api";
import type { ExportFile } from "@verbatim/formats";
import type { z } from "zod";
import type { Config } from "../config.js";
import { AppError, fail } from "../http/app-error.js";
import {
  ExportLimitError,
  ExportQueueFullError,
  ExportRefusedError,
  exportPool,
} from "../isolated/export-pool.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import type { TranslationTrack } from "../isolated/export-work-protocol.js";

export type { TranslationTrack };

/**
 * A completed transcription in an export format (409 NOT_COMPLETED before): its stored cues,
 * speakers, language and length, the frame rate asked for or else the uploaded video's (else
 * 25), its style preset for ASS, and for a bilingual transcription (or one exported with a
 * translation track: it becomes the cues' `translation`, labelled with its language) the track
 * asked for. Written
 * in the export pool's threads (isolated/export-pool.ts), never on the event loop, `account`
 * taking its turn with the others. 422 EXPORT_TEXT_UNSUPPORTED when the format cannot hold the
 * text (EBU-STL and Chinese), 503 EXPORT_FONT_MISSING when the PDF's font is not installed,
 * 422 EXPORT_TOO_COMPLEX past the export's memory or time cap, 429 RATE_LIMITED when the
 * account has too many exports waiting, 500 EXPORT_FAILED when its thread failed otherwise.
 */
export async function exportTranscription(
  ctx: { config: Pick<Config, "exports"> },
  row: TranscriptionRow,
  query: z.output<typeof ExportQuery>,
  accountLocale: string,
  /** Whose turn it takes: the signed-in user, or the owner of a shared transcription. */
  account: string,
  /** A translation track (`language=CODE`). */
  translation?: TranslationTrack,
): Promise<ExportFile> {
  if (row.status !== "completed") {
    fail("NOT_COMPLETED");
  }
  try {
    return await exportPool(ctx.config.exports).run(account, {
      row: {
        language: row.language,
        duration_ms: row.duration_ms,
        cues_json: row.cues_json,
        speakers_json: row.speakers_json,
        options_json: row.options_json,
        file_name: row.file_name,
        media_file_name: row.media_file_name,
        created_at: row.created_at,
        video_frame_rate: row.video_frame_rate,
      },
      query,
      accountLocale,
      ...(translation ? { translation } : {}),
    });
  } catch (error) {
    if (error instanceof ExportRefusedError) {
      const { refusal } = error;
      if (refusal.code === "EXPORT_TEXT_UNSUPPORTED") fail(refusal.code, refusal.details);
      fail(refusal.code);
    }
    if (error instanceof ExportLimitError) {
      fail("EXPORT_TOO_COMPLEX", {
        heapMb: error.limits.heapMb,
        seconds: error.limits.timeMs / 1000,
      });
    }
    if (error instanceof ExportQueueFullError) fail("RATE_LIMITED");
    // A bug or a crash of the thread: logged with its cause (http/error-handler.ts).
    throw Object.assign(new AppError("EXPORT_FAILED"), { cause: error });
  }
}
