import { createHash } from "node:crypto";
import { keptAudioPath } from "./listening-copy.js";
import { storedFrameRate } from "@verbatim/formats";
import type { Subtitle, TranscriptionDetail, TranscriptionSummary } from "@verbatim/contract/api";
import {
  DEFAULT_STYLE,
  formatTimecode,
  placementFields,
  shownCues,
  writeTxt,
  type Cue,
} from "@verbatim/subtitles";
import type { z } from "zod";
import { clientModelName } from "../models/client-text.js";
import {
  rowCues,
  rowOptions,
  rowShotChanges,
  rowSpeakers,
  type TranscriptionRow,
} from "../jobs/job-row.js";

type SummaryRow = Pick<
  TranscriptionRow,
  | "id"
  | "file_name"
  | "created_at"
  | "duration_ms"
  | "model"
  | "engine_model"
  | "model_family"
  | "status"
  | "language"
  | "progress"
  | "error_code"
  | "error_message"
  | "speaker_count"
  | "charged_seconds"
  | "batch_id"
  | "team_id"
>;

/** A job as a history row. */
export function presentSummary(row: SummaryRow): z.infer<typeof TranscriptionSummary> {
  return {
    id: row.id,
    fileName: row.file_name,
    createdAt: row.created_at,
    duration: Math.round(row.duration_ms) / 1000,
    model: row.model,
    engineModel: clientModelName(row.engine_model),
    modelFamily: row.model_family,
    status: row.status as z.infer<typeof TranscriptionSummary>["status"],
    language: row.language,
    progress: Math.floor(Number(row.progress) * 100),
    error:
      row.error_code && row.error_message
        ? { code: row.error_code, message: row.error_message }
        : null,
    chargedSeconds: row.charged_seconds,
    speakerCount: row.speaker_count,
    batchId: row.batch_id,
    teamId: row.team_id,
  };
}

/** A job with its subtitles and text (its audio copy while kept at `now`). */
export function presentDetail(
  row: TranscriptionRow,
  now: Date = new Date(),
): z.infer<typeof TranscriptionDetail> {
  const cues = rowCues(row);
  return {
    ...presentSummary(row),
    style: rowOptions(row).style ?? DEFAULT_STYLE,
    ...(rowOptions(row).subtitles?.fitted
      ? { importFitted: rowOptions(row).subtitles?.fitted }
      : {}),
    frameRate: storedFrameRate(row.video_frame_rate),
    ...(row.shot_changes_json ? { shotChanges: rowShotChanges(row) } : {}),
    speakers: rowSpeakers(row)?.map(({ id, name }) => ({ id, name })) ?? null,
    subtitles: cues.map(toSubtitle),
    text: writeTxt(shownCues(cues)).trim(),
    version: cuesVersion(row),
    audio:
      keptAudioPath(row, now) && row.audio_expires_at
        ? { url: `/api/transcriptions/${row.id}/audio`, expiresAt: row.audio_expires_at }
        : null,
  };
}

/**
 * The version of a transcription's subtitles: a digest of what is stored, the speakers' names
 * included (a rename in another tab is an edit too). Without speakers it is the digest of the
 * cues alone, as before speakers existed, so versions held by open editors stay valid.
 */
export function cuesVersion(row: Pick<TranscriptionRow, "cues_json" | "speakers_json">): string {
  const hash = createHash("sha256").update(row.cues_json ?? "");
  if (row.speakers_json !== null) hash.update("\n").update(row.speakers_json);
  return hash.digest("base64url").slice(0, 22);
}

/** A cue as the API's subtitle. */
export function toSubtitle(cue: Cue): z.infer<typeof Subtitle> {
  return {
    id: cue.index,
    startTime: formatTimecode(cue.start),
    endTime: formatTimecode(cue.end),
    text: cue.text,
    ...placementFields(cue.position, cue.align),
    ...(cue.speaker !== undefined ? { speaker: cue.speaker } : {}),
    ...(cue.translation !== undefined ? { translation: cue.translation } : {}),
    ...(cue.mismatches && cue.mismatches.length > 0
      ? {
          mismatches: cue.mismatches.map(({ script, heard, start, end }) => ({
            script,
            heard,
            startMs: Math.round(start),
            endMs: Math.round(end),
          })),
        }
      : {}),
    ...(cue.words && cue.words.length > 0
      ? {
          words: cue.words.map((word) => ({
            text: word.text,
            startMs: Math.round(word.start),
            endMs: Math.round(word.end),
          })),
        }
      : {}),
  };
}
