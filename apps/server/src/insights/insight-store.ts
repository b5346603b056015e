import type { Selectable } from "kysely";
import type { Db } from "../db/database.js";
import { nextQueuedJob, runningProgress } from "../jobs/side-job-tables.js";
import type { InsightQuestionsTable, InsightsTable } from "../db/schema.js";
import { releaseMinutes, reserveMinutes } from "../minutes/minute-ledger.js";

// The insights table is the insights jobs' own queue, like renders': rows wait `queued` in
// order of creation, a worker claims one with a conditional update (two processes sharing the
// database never take the same one), and every change of state is written here. The completed
// row holds the insights; edits replace them. insight_questions keeps questions and answers.

export type InsightRow = Selectable<InsightsTable>;
export type QuestionRow = Selectable<InsightQuestionsTable>;

export const ACTIVE_INSIGHT_STATUSES = ["queued", "running"] as const;

export function findInsightJob(db: Db, id: string): Promise<InsightRow | undefined> {
  return db.selectFrom("insights").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The transcription's newest insights job (whatever its status), or undefined. */
export function latestInsightJob(db: Db, transcriptionId: string): Promise<InsightRow | undefined> {
  return db
    .selectFrom("insights")
    .selectAll()
    .where("transcription_id", "=", transcriptionId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The newest completed insights of each transcription given (History's short summaries). */
export async function completedInsightsOf(
  db: Db,
  transcriptionIds: readonly string[],
): Promise<Map<string, InsightRow>> {
  const found = new Map<string, InsightRow>();
  if (transcriptionIds.length === 0) return found;
  const rows = await db
    .selectFrom("insights")
    .selectAll()
    .where("transcription_id", "in", transcriptionIds)
    .where("status", "=", "completed")
    .orderBy("created_at", "desc")
    .execute();
  for (const row of rows)
    if (!found.has(row.transcription_id)) found.set(row.transcription_id, row);
  return found;
}

/**
 * The short summary of each transcription's newest completed insights (History's line): one
 * short column per row, not the insights themselves.
 */
export async function completedShortSummariesOf(
  db: Db,
  transcriptionIds: readonly string[],
): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  if (transcriptionIds.length === 0) return found;
  const rows = await db
    .selectFrom("insights")
    .select(["transcription_id", "short_summary"])
    .where("transcription_id", "in", transcriptionIds)
    .where("status", "=", "completed")
    .orderBy("created_at", "desc")
    .execute();
  for (const row of rows) {
    if (!found.has(row.transcription_id)) found.set(row.transcription_id, row.short_summary);
  }
  return found;
}

/** The `shortSummary.text` of insights as stored (JSON), or null. */
function shortSummaryIn(json: string): string | null {
  try {
    const text = (JSON.parse(json) as { shortSummary?: { text?: unknown } } | null)?.shortSummary
      ?.text;
    return typeof text === "string" && text !== "" ? text : null;
  } catch {
    return null;
  }
}

/** How many insights jobs the user has queued or running. */
export async function countActiveInsightJobs(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("insights")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("status", "in", ACTIVE_INSIGHT_STATUSES)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Reserves the job's minutes and stores it `queued`, in one transaction under the user's lock;
 * `check` runs inside the lock first (two requests at once cannot both pass a count).
 */
export async function queueInsightJob(
  db: Db,
  job: {
    id: string;
    userId: string;
    transcriptionId: string;
    options: unknown;
    costSeconds: number;
  },
  now: Date,
  check: (tx: Db) => Promise<void>,
): Promise<void> {
  await reserveMinutes(db, job.userId, job.id, job.costSeconds, now, async (tx) => {
    await check(tx);
    await tx
      .insertInto("insights")
      .values({
        id: job.id,
        user_id: job.userId,
        transcription_id: job.transcriptionId,
        status: "queued",
        options_json: JSON.stringify(job.options),
        cost_seconds: job.costSeconds,
        created_at: now.toISOString(),
      })
      .execute();
  });
}

/**
 * Takes the next queued job, fair across accounts (`nextQueuedJob`); undefined when none waits
 * (or another worker took it).
 */
export async function claimNextInsightJob(db: Db, now: Date): Promise<InsightRow | undefined> {
  const id = await nextQueuedJob(db, "insights");
  if (id === undefined) return undefined;
  const claimed = await db
    .updateTable("insights")
    .set({
      status: "running",
      started_at: now.toISOString(),
      heartbeat_at: now.toISOString(),
      progress: 0,
    })
    .where("id", "=", id)
    .where("status", "=", "queued")
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? findInsightJob(db, id) : undefined;
}

/** Records progress (and the heartbeat); false once the job is no longer running (cancelled). */
export async function recordInsightProgress(
  db: Db,
  id: string,
  percent: number,
  stage: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("insights")
    .set({
      progress: runningProgress(percent),
      stage,
      heartbeat_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a job that was one of `from`; false when it was not (another ending won). */
export async function endInsightJob(
  db: Db,
  id: string,
  from: readonly string[],
  values: {
    status: "completed" | "failed" | "cancelled";
    finished_at: string;
    content_json?: string;
    error_code?: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable("insights")
    .set({
      ...values,
      stage: null,
      ...(values.status === "completed" ? { progress: 100 } : {}),
      ...(values.content_json !== undefined
        ? { short_summary: shortSummaryIn(values.content_json) }
        : {}),
    })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A job this process was running when it stopped goes back in line. */
export async function requeueInsightJob(db: Db, id: string): Promise<void> {
  await db
    .updateTable("insights")
    .set({ status: "queued", started_at: null, heartbeat_at: null, progress: 0, stage: null })
    .where("id", "=", id)
    .where("status", "=", "running")
    .execute();
}

/**
 * Jobs left `running` by a worker that stopped go back to the queue: those whose heartbeat is
 * older than `staleBefore`, or every running one when no other process shares the database.
 */
export async function requeueStalledInsightJobs(db: Db, staleBefore: Date | null): Promise<number> {
  let query = db
    .updateTable("insights")
    .set({ status: "queued", started_at: null, heartbeat_at: null, progress: 0, stage: null })
    .where("status", "=", "running");
  if (staleBefore) query = query.where("heartbeat_at", "<", staleBefore.toISOString());
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Cancels a queued or running job and gives its minutes back; false when it had ended. */
export async function cancelInsightJob(db: Db, row: InsightRow, now: Date): Promise<boolean> {
  const cancelled = await endInsightJob(db, row.id, ACTIVE_INSIGHT_STATUSES, {
    status: "cancelled",
    finished_at: now.toISOString(),
  });
  if (cancelled) await releaseMinutes(db, row.user_id, row.id, now);
  return cancelled;
}

/** Replaces completed insights with an edited version (free: no minutes move). */
export async function saveEditedInsights(db: Db, id: string, content: unknown): Promise<boolean> {
  const json = JSON.stringify(content);
  const result = await db
    .updateTable("insights")
    .set({ content_json: json, short_summary: shortSummaryIn(json), edited: 1 })
    .where("id", "=", id)
    .where("status", "=", "completed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps a question and its answer with the transcription. */
export async function saveQuestion(db: Db, row: QuestionRow): Promise<void> {
  await db.insertInto("insight_questions").values(row).execute();
}

/** The questions asked about a transcription, newest first. */
export function questionsAbout(
  db: Db,
  transcriptionId: string,
  limit = 50,
): Promise<QuestionRow[]> {
  return db
    .selectFrom("insight_questions")
    .selectAll()
    .where("transcription_id", "=", transcriptionId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/**
 * A transcription's insights go with it: jobs under way are cancelled first (their minutes given
 * back), then the rows (questions too) are deleted.
 */
export async function deleteInsightsOf(db: Db, transcriptionId: string, now: Date): Promise<void> {
  const active = await db
    .selectFrom("insights")
    .selectAll()
    .where("transcription_id", "=", transcriptionId)
    .where("status", "in", ACTIVE_INSIGHT_STATUSES)
    .execute();
  for (const row of active) await cancelInsightJob(db, row, now);
  await db
    .deleteFrom("insight_questions")
    .where("transcription_id", "=", transcriptionId)
    .execute();
  await db.deleteFrom("insights").where("transcription_id", "=", transcriptionId).execute();
}
