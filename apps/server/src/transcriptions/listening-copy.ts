import { join } from "node:path";
import { removeStored } from "../storage/stored-files.js";
import type { Db } from "../db/database.js";
import { forgetListeningCopy } from "../jobs/lifecycle/owner-edits.js";
import { expiredListeningCopies } from "../jobs/job-reads.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { userPlanLimits } from "../plans/plan-limits.js";

// The audio copy a finished transcription keeps for the editor's player: where it lives, how
// long (the plan's stated days), and its removal with the transcription or when it expires.

/** Where a job's audio copy is written: beside the uploads, so every process of a fleet sees it. */
export function listeningCopyPath(uploadDir: string, id: string): string {
  return join(uploadDir, `${id}.listen.m4a`);
}

/**
 * The audio copy's path while it is kept: null once its retention has ended, even before the
 * hourly sweep deletes the file (nothing reads it past its time), and when none was kept.
 */
export function keptAudioPath(
  row: Pick<TranscriptionRow, "audio_path" | "audio_expires_at">,
  now: Date,
): string | null {
  if (!row.audio_path) return null;
  if (row.audio_expires_at !== null && Date.parse(row.audio_expires_at) <= now.getTime()) {
    return null;
  }
  return row.audio_path;
}

/** When a copy made now for this user is deleted (their plan's retention). */
export async function retentionEnds(db: Db, userId: string, now: Date): Promise<string> {
  const days = (await userPlanLimits(db, userId)).audioRetentionDays;
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}

/** Deletes the audio copies whose time is up; returns how many. */
export async function removeExpiredListeningCopies(db: Db, now: Date): Promise<number> {
  const rows = await expiredListeningCopies(db, now, 500);
  for (const row of rows) {
    if (row.audio_path) await removeStored(row.audio_path);
    await forgetListeningCopy(db, row.id);
  }
  return rows.length;
}
