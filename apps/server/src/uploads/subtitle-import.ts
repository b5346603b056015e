import { createHash } from "node:crypto";
import type { ErrorCode } from "@verbatim/contract";
import {
  IMPORT_ERROR_CODES,
  isSubtitleImportError,
  readSubtitleFile,
  type ImportedSubtitles,
} from "@verbatim/subtitles/import";
import { errorOfCode, fail } from "../http/app-error.js";
import type { JobOptions } from "../jobs/job-row.js";
import type { ReceivedSubtitles } from "./receive-multipart.js";

// A subtitle or transcript file sent with the media (`subtitles`): read with the import readers
// of @verbatim/subtitles, and how the job treats it (`retime`).

// Every way an import can fail is answered from the error table: each code must be in it.
void (IMPORT_ERROR_CODES satisfies readonly ErrorCode[]);

/** Reads an uploaded subtitle file; a file that cannot be read is a 400 (413 too large). */
export async function readUploadedSubtitles(
  received: ReceivedSubtitles,
): Promise<ImportedSubtitles> {
  try {
    return await readSubtitleFile(received.bytes, { fileName: received.fileName });
  } catch (error) {
    if (!isSubtitleImportError(error)) throw error;
    throw errorOfCode(error.code, error.details);
  }
}

/**
 * What the job does with an imported file: `retime` as asked; when not asked, a file with
 * timings keeps them and a script without re-times. Keeping the timings of a script without
 * any is refused (400 SUBTITLES_UNTIMED).
 */
export function importOptions(
  imported: Pick<ImportedSubtitles, "timed" | "format">,
  retime: boolean | undefined,
): Required<Pick<JobOptions, "subtitles">> {
  const retiming = retime ?? !imported.timed;
  if (!retiming && !imported.timed) fail("SUBTITLES_UNTIMED");
  return { subtitles: { retime: retiming, format: imported.format } };
}

/** What an uploaded subtitle file adds to the request's fingerprint (Idempotency-Key). */
export function subtitlesFingerprint(received: ReceivedSubtitles | undefined) {
  return received
    ? { subtitlesSha256: createHash("sha256").update(received.bytes).digest("hex") }
    : {};
}
