import { createHash } from "node:crypto";
import type { ErrorCode } from "@verbatim/contract";
import type { Cue } from "@verbatim/subtitles";
import {
  IMPORT_ERROR_CODES,
  isSubtitleImportError,
  type ImportedSubtitles,
} from "@verbatim/subtitles/import";
import { errorOfCode, fail } from "../http/app-error.js";
import { READ_LIMITS, runSubtitleWork, SubtitleWorkLimitError } from "../isolated/subtitle-work.js";
import type { JobOptions } from "../jobs/job-row.js";
import type { ReceivedSubtitles } from "./receive-multipart.js";

// A subtitle or transcript file sent with the media (`subtitles`): read with the import readers
// of @verbatim/subtitles, and how the job treats it (`retime`).

// Every way an import can fail is answered from the error table: each code must be in it.
void (IMPORT_ERROR_CODES satisfies readonly ErrorCode[]);

/** An uploaded subtitle file as read, and how many words (CJK characters) its text holds. */
export interface UploadedSubtitles {
  imported: ImportedSubtitles;
  scriptTokens: number;
}

/**
 * Reads an uploaded subtitle file in a worker thread under READ_LIMITS (never on the event
 * loop); a file that cannot be read is a 400 (413 too large), one that outgrows the caps 422
 * SUBTITLE_FILE_TOO_COMPLEX.
 */
export async function readUploadedSubtitles(
  received: ReceivedSubtitles,
): Promise<UploadedSubtitles> {
  try {
    return await runSubtitleWork(
      { kind: "read", bytes: received.bytes, fileName: received.fileName },
      READ_LIMITS,
    );
  } catch (error) {
    if (error instanceof SubtitleWorkLimitError) {
      fail("SUBTITLE_FILE_TOO_COMPLEX", {
        heapMb: error.limits.heapMb,
        seconds: error.limits.timeMs / 1000,
      });
    }
    if (!isSubtitleImportError(error)) throw error;
    throw errorOfCode(error.code, error.details);
  }
}

/**
 * The most words (CJK characters) a script re-timed to `durationMs` of media may hold: ten a
 * second (twice a fast speaker's pace in English, about fast Cantonese), and 200 more.
 */
export function maxScriptTokens(durationMs: number): number {
  return 200 + Math.ceil((durationMs / 1000) * 10);
}

/**
 * Refuses a script to re-time that holds far more words than the media can hold (400
 * SUBTITLES_LONGER_THAN_MEDIA): aligning it would spend the owner's minutes on timings that
 * mean nothing (most of the script squeezed into the media's last moment), and its length is
 * what makes the alignment slow. Refused rather than cut: which part belongs to the media is
 * not ours to guess.
 */
export function checkScriptFitsMedia(scriptTokens: number, durationMs: number): void {
  const maxTokens = maxScriptTokens(durationMs);
  if (scriptTokens <= maxTokens) return;
  fail("SUBTITLES_LONGER_THAN_MEDIA", {
    tokens: scriptTokens,
    maxTokens,
    seconds: Math.round(durationMs / 1000),
  });
}

/** Imported cues that keep their timings, fitted to the media, and how many were changed. */
export interface FittedCues {
  cues: Cue[];
  /** Cues that started at or after the media's end, left out. */
  dropped: number;
  /** Cues that ran past the media's end, ended there. */
  shortened: number;
}

/**
 * Fits imported cues that keep their timings to the media: a cue that starts at or after its
 * end is left out, one that runs past it ends there; the rest are numbered again from 1.
 */
export function fitCuesToMedia(cues: readonly Cue[], durationMs: number): FittedCues {
  let dropped = 0;
  let shortened = 0;
  const kept: Cue[] = [];
  for (const cue of cues) {
    if (cue.start >= durationMs) {
      dropped += 1;
      continue;
    }
    if (cue.end > durationMs) shortened += 1;
    kept.push({ ...cue, index: kept.length + 1, end: Math.min(cue.end, durationMs) });
  }
  return { cues: kept, dropped, shortened };
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

/**
 * What a job made with an uploaded file holds: its options (importOptions) and the cues it
 * keeps. A script to re-time must fit the media (checkScriptFitsMedia); cues that keep their
 * timings are fitted to it (fitCuesToMedia), and how many were changed is kept in the options
 * (`subtitles.fitted`), which the transcription's answer reports (`importFitted`). A file whose
 * every cue starts after the media's end is refused (400 SUBTITLE_AFTER_MEDIA).
 */
export function importedJob(
  uploaded: UploadedSubtitles,
  retime: boolean | undefined,
  durationMs: number,
): {
  options: Required<Pick<JobOptions, "subtitles">>;
  imported: Pick<ImportedSubtitles, "cues" | "speakers">;
} {
  const { imported } = uploaded;
  const options = importOptions(imported, retime);
  if (options.subtitles.retime) {
    checkScriptFitsMedia(uploaded.scriptTokens, durationMs);
    return { options, imported: { cues: imported.cues, speakers: imported.speakers } };
  }
  const { cues, dropped, shortened } = fitCuesToMedia(imported.cues, durationMs);
  if (cues.length === 0) fail("SUBTITLE_AFTER_MEDIA");
  return {
    options: {
      subtitles: {
        ...options.subtitles,
        ...(dropped + shortened > 0 ? { fitted: { dropped, shortened } } : {}),
      },
    },
    imported: { cues, speakers: imported.speakers },
  };
}

/** What an uploaded subtitle file adds to the request's fingerprint (Idempotency-Key). */
export function subtitlesFingerprint(received: ReceivedSubtitles | undefined) {
  return received
    ? { subtitlesSha256: createHash("sha256").update(received.bytes).digest("hex") }
    : {};
}
