// What a job's owner (and the domains acting for them) change on a job besides its status
// (part of jobs/lifecycle/, the one writer of the jobs table, `transcriptions`): once completed,
// saveEdits (the owner's edits) and forgetListeningCopy (its audio copy's time is up);
// markTranslationsQueued (its upload's "translate when done" requests queued, once);
// moveIntoTeam (into a team, once: teams' move), handTeamJobsTo (a leaving account's jobs in a
// team become its owner's) and deleteJobsOf (an account's jobs, in its deletion).
import type { Db, Tx } from "../../db/database.js";
import type { TranscriptionRow } from "../job-row.js";
import { keepUsageOf } from "./settlement.js";

/**
 * Marks a completed job's "translate when done" requests queued; false when they were not
 * waiting (another process queued them first, or none were asked).
 */
export async function markTranslationsQueued(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable("transcriptions")
    .set({ translations_pending: 0 })
    .where("id", "=", id)
    .where("translations_pending", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a job into a team, once: false when it is in a team already (or gone). */
export async function moveIntoTeam(db: Db, id: string, teamId: string): Promise<boolean> {
  const moved = await db
    .updateTable("transcriptions")
    .set({ team_id: teamId })
    .where("id", "=", id)
    .where("team_id", "is", null)
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

/** A member's account is going: their jobs in the team become the team owner's. */
export async function handTeamJobsTo(
  db: Db,
  { fromUserId, teamId, ownerId }: { fromUserId: string; teamId: string; ownerId: string },
): Promise<void> {
  await db
    .updateTable("transcriptions")
    .set({ user_id: ownerId })
    .where("user_id", "=", fromUserId)
    .where("team_id", "=", teamId)
    .execute();
}

/** Deletes every job row of a user, inside the account deletion's transaction. */
export async function deleteJobsOf(tx: Tx, userId: string): Promise<void> {
  await keepUsageOf(tx, (eb) => eb("user_id", "=", userId));
  await tx.deleteFrom("transcriptions").where("user_id", "=", userId).execute();
}

/** What an owner's edit changes on a job. */
export interface JobEdits {
  file_name?: string;
  cues_json?: string;
  search_text?: string;
  speakers_json?: string;
  speaker_count?: number;
}

/**
 * Saves an owner's edits. With `ifUnchangedSince`, a compare-and-set: only while the subtitles
 * and speakers are still those of that row (another tab's save since changes nothing). False
 * when nothing was saved (that race, or the job is gone).
 */
export async function saveEdits(
  db: Db,
  id: string,
  edits: JobEdits,
  now: Date,
  ifUnchangedSince?: Pick<TranscriptionRow, "cues_json" | "speakers_json">,
): Promise<boolean> {
  let update = db
    .updateTable("transcriptions")
    .set({ ...edits, updated_at: now.toISOString() })
    .where("id", "=", id);
  if (ifUnchangedSince) {
    const { cues_json, speakers_json } = ifUnchangedSince;
    update =
      cues_json === null
        ? update.where("cues_json", "is", null)
        : update.where("cues_json", "=", cues_json);
    update =
      speakers_json === null
        ? update.where("speakers_json", "is", null)
        : update.where("speakers_json", "=", speakers_json);
  }
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A job's audio copy was deleted (its time was up): the row no longer points to it, and keeps
 * when it went (`audio_expires_at`), so a shared page can say the audio expired.
 */
export async function forgetListeningCopy(db: Db, id: string): Promise<void> {
  await db.updateTable("transcriptions").set({ audio_path: null }).where("id", "=", id).execute();
}
