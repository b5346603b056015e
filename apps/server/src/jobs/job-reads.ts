import { sql } from "kysely";
import type { Db } from "../db/database.js";
import type { JobStatus, TranscriptionRow } from "./job-row.js";
import { queuedInOrder } from "./queue-order.js";

// Reads of the jobs table (`transcriptions`) for the routes, the queue and housekeeping. Every
// write goes through jobs/lifecycle/; the order of waiting jobs is queue-order.ts's.

export async function findTranscription(db: Db, id: string): Promise<TranscriptionRow | undefined> {
  return db.selectFrom("transcriptions").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Who a job belongs to, as the policies ask (its uploader and its team), without its text:
 * for checks about something made from it (a render) or a list of ids (an export).
 */
export async function transcriptionOwners(
  db: Db,
  ids: readonly string[],
): Promise<Pick<TranscriptionRow, "id" | "user_id" | "team_id">[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("transcriptions")
    .select(["id", "user_id", "team_id"])
    .where("id", "in", [...ids])
    .execute();
}

/** What a ZIP export needs of each job asked for: its owners, name, state and times. */
export async function exportableJobs(
  db: Db,
  ids: readonly string[],
): Promise<
  Pick<
    TranscriptionRow,
    "id" | "user_id" | "team_id" | "file_name" | "status" | "finished_at" | "created_at"
  >[]
> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("transcriptions")
    .select(["id", "user_id", "team_id", "file_name", "status", "finished_at", "created_at"])
    .where("id", "in", [...ids])
    .execute();
}

/** The history columns a job is shown with (history, a batch). */
const SUMMARY_COLUMNS = [
  "id",
  "file_name",
  "created_at",
  "duration_ms",
  "model",
  "engine_model",
  "model_family",
  "status",
  "language",
  "progress",
  "error_code",
  "error_message",
  "speaker_count",
  "charged_seconds",
  "batch_id",
  "team_id",
] as const;

/** The history columns of the user's jobs sent with one batch id, oldest first. */
export async function listBatchJobs(db: Db, userId: string, batchId: string) {
  return db
    .selectFrom("transcriptions")
    .select([...SUMMARY_COLUMNS, "user_id"])
    .where("user_id", "=", userId)
    .where("batch_id", "=", batchId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * A page of a user's own jobs (not those in a team: the team's History lists them), newest first, optionally of one status, after a cursor (a job's id:
 * the ones older than it; an id that is not theirs starts nowhere). One more than `limit` is
 * read, so the caller knows whether another page follows.
 */
export async function pageOfJobs(
  db: Db,
  userId: string,
  { limit, status, after }: { limit: number; status?: JobStatus | undefined; after?: string },
): Promise<{ rows: TranscriptionRow[]; hasMore: boolean }> {
  let query = db
    .selectFrom("transcriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("team_id", "is", null);
  if (status) query = query.where("status", "=", status);
  if (after !== undefined) {
    const cursor = await findTranscription(db, after);
    if (cursor?.user_id !== userId) return { rows: [], hasMore: false };
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", cursor.created_at),
        eb.and([eb("created_at", "=", cursor.created_at), eb("id", "<", cursor.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/**
 * The history columns of a user's own jobs (not those they put in a team), or of a team's jobs
 * (`teamId`: the caller has checked the user may read the team), newest first.
 */
export async function listTranscriptions(
  db: Db,
  userId: string,
  {
    limit,
    before,
    q,
    teamId,
  }: {
    limit: number;
    before?: string | undefined;
    q?: string | undefined;
    teamId?: string | undefined;
  },
) {
  let query = teamId
    ? db.selectFrom("transcriptions").select(SUMMARY_COLUMNS).where("team_id", "=", teamId)
    : db
        .selectFrom("transcriptions")
        .select(SUMMARY_COLUMNS)
        .where("user_id", "=", userId)
        .where("team_id", "is", null);
  if (before) query = query.where("created_at", "<", before);
  if (q) {
    // A literal match (no wildcards from the user), in the name or the subtitles' text.
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(file_name) like ${pattern} escape '\\'`,
        sql<boolean>`coalesce(search_text, '') like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/**
 * Queued jobs ahead of this one (0: it is next) and the media they hold, in milliseconds, in
 * the order the embedded queue takes them.
 */
export async function queueAhead(db: Db, job: Pick<TranscriptionRow, "created_at" | "id">) {
  const order = await queuedInOrder(db);
  const at = order.findIndex((queued) => queued.id === job.id);
  const ahead = at < 0 ? order : order.slice(0, at);
  return {
    jobs: ahead.length,
    mediaMs: ahead.reduce((sum, queued) => sum + queued.duration_ms, 0),
  };
}

/** Media still to transcribe by running jobs, in milliseconds. */
export async function runningRemainingMs(db: Db): Promise<number> {
  const rows = await db
    .selectFrom("transcriptions")
    .select(["duration_ms", "progress"])
    .where("status", "=", "processing")
    .execute();
  return rows.reduce((sum, row) => sum + row.duration_ms * (1 - Number(row.progress)), 0);
}

/** Ids per query (both databases take far more parameters; this keeps queries small). */
const CHUNK = 500;

/** Milliseconds of media of each of these jobs (ids not found are left out). */
export async function durationsOf(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const durations = new Map<string, number>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom("transcriptions")
      .select(["id", "duration_ms"])
      .where("id", "in", ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) durations.set(row.id, row.duration_ms);
  }
  return durations;
}

/** Every job of a user, for deleting the account. */
export async function jobsOf(db: Db, userId: string): Promise<TranscriptionRow[]> {
  return db.selectFrom("transcriptions").selectAll().where("user_id", "=", userId).execute();
}

/** Jobs left `processing` (the embedded queue's start-up: a previous run stopped mid-job). */
export async function jobsLeftProcessing(db: Db) {
  return db
    .selectFrom("transcriptions")
    .select(["id", "user_id", "media_path", "attempts"])
    .where("status", "=", "processing")
    .execute();
}

/**
 * Jobs the queue may have lost, oldest first: waiting since before `waitingBefore` (when given),
 * or running without a heartbeat since `silentBefore`.
 */
export async function jobsToSweep(
  db: Db,
  {
    waitingBefore,
    silentBefore,
    limit,
  }: { waitingBefore?: string; silentBefore: string; limit: number },
) {
  return db
    .selectFrom("transcriptions")
    .select(["id", "user_id", "status", "attempts", "media_path", "worker_id"])
    .where((eb) =>
      eb.or([
        ...(waitingBefore === undefined
          ? []
          : [eb.and([eb("status", "=", "queued"), eb("updated_at", "<", waitingBefore)])]),
        eb.and([eb("status", "=", "processing"), eb("heartbeat_at", "<", silentBefore)]),
      ]),
    )
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/**
 * Completed jobs whose "translate when done" requests were never queued (the process stopped
 * between completing and queuing them), oldest first.
 */
export async function jobsWithPendingTranslations(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("transcriptions")
    .select("id")
    .where("status", "=", "completed")
    .where("translations_pending", "=", 1)
    .orderBy("finished_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Jobs whose audio copy's time is up (at most `limit` at once). */
export async function expiredListeningCopies(db: Db, now: Date, limit: number) {
  return db
    .selectFrom("transcriptions")
    .select(["id", "audio_path"])
    .where("audio_path", "is not", null)
    .where("audio_expires_at", "<=", now.toISOString())
    .limit(limit)
    .execute();
}
