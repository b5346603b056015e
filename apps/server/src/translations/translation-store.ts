import type { Insertable } from "kysely";
import type { Db } from "../db/database.js";
import { nextQueuedJob, runningProgress } from "../jobs/side-job-tables.js";
import type { TranslationsTable } from "../db/schema.js";
import {
  ACTIVE_TRANSLATION_STATUSES,
  type TranslationRow,
  type TranslationStatus,
} from "./translation-row.js";

// The translations table is the translations' own queue (like renders): rows wait `queued` in
// order of creation, a worker claims one with a conditional update (two processes sharing the
// database never take the same one), writes the cues it has translated batch by batch, and
// every change of state is written here. The completed row of a language is its track.

export function findTranslation(db: Db, id: string): Promise<TranslationRow | undefined> {
  return db.selectFrom("translations").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * A transcription's translations: each language's newest row, newest first; with `status`, the
 * newest row of that status (`completed`: each language's track).
 */
export async function latestTranslations(
  db: Db,
  transcriptionId: string,
  status?: TranslationStatus,
): Promise<TranslationRow[]> {
  let query = db
    .selectFrom("translations")
    .selectAll()
    .where("transcription_id", "=", transcriptionId);
  if (status) query = query.where("status", "=", status);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(500).execute();
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.language) && seen.add(row.language));
}

/** A language's track: its newest completed row; undefined when it has none. */
export function translationTrackRow(
  db: Db,
  transcriptionId: string,
  language: string,
): Promise<TranslationRow | undefined> {
  return db
    .selectFrom("translations")
    .selectAll()
    .where("transcription_id", "=", transcriptionId)
    .where("language", "=", language)
    .where("status", "=", "completed")
    .orderBy("finished_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The language's job under way, if any. */
export function activeTranslation(
  db: Db,
  transcriptionId: string,
  language: string,
): Promise<TranslationRow | undefined> {
  return db
    .selectFrom("translations")
    .selectAll()
    .where("transcription_id", "=", transcriptionId)
    .where("language", "=", language)
    .where("status", "in", ACTIVE_TRANSLATION_STATUSES)
    .executeTakeFirst();
}

/** How many translations the user has queued or running. */
export async function countActiveTranslations(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("translations")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("status", "in", ACTIVE_TRANSLATION_STATUSES)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Stores a queued job (inside the reservation's transaction). */
export async function insertTranslation(db: Db, row: Insertable<TranslationsTable>): Promise<void> {
  await db.insertInto("translations").values(row).execute();
}

/**
 * Stores a "translate when done" language that could not be queued, as failed; nothing when its
 * id is stored already (another process got there first).
 */
export async function insertRequestedFailure(
  db: Db,
  row: Insertable<TranslationsTable>,
): Promise<void> {
  await db
    .insertInto("translations")
    .values(row)
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
}

/**
 * Takes the next queued translation for this worker, fair across accounts (`nextQueuedJob`),
 * counting the start; undefined when none waits (or another took it).
 */
export async function claimNextTranslation(db: Db, now: Date): Promise<TranslationRow | undefined> {
  const id = await nextQueuedJob(db, "translations");
  if (id === undefined) return undefined;
  const claimed = await db
    .updateTable("translations")
    .set((eb) => ({
      status: "running",
      started_at: now.toISOString(),
      heartbeat_at: now.toISOString(),
      starts: eb("starts", "+", 1),
    }))
    .where("id", "=", id)
    .where("status", "=", "queued")
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? findTranslation(db, id) : undefined;
}

/**
 * Writes the cues translated so far while the job runs; false once it is no longer running
 * (cancelled): the worker stops, and the cues it had not written were never delivered.
 */
export async function recordTranslationBatch(
  db: Db,
  id: string,
  values: { cuesJson: string; progress: number; translatedMs: number; model: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("translations")
    .set({
      cues_json: values.cuesJson,
      progress: runningProgress(values.progress),
      translated_ms: values.translatedMs,
      model: values.model,
      heartbeat_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends a translation that was in one of `from`; false when it was not. A completed one becomes
 * its language's track: the language's older ended rows are deleted in the same transaction.
 */
export async function endTranslation(
  db: Db,
  id: string,
  from: readonly string[],
  values: {
    status: "completed" | "failed" | "cancelled";
    finished_at: string;
    error_code?: string | null;
    progress?: number;
  },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable("translations")
      .set(values)
      .where("id", "=", id)
      .where("status", "in", from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (values.status === "completed") {
      const row = await tx
        .selectFrom("translations")
        .select(["transcription_id", "language"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await tx
        .deleteFrom("translations")
        .where("transcription_id", "=", row.transcription_id)
        .where("language", "=", row.language)
        .where("id", "!=", id)
        .where("status", "not in", ACTIVE_TRANSLATION_STATUSES)
        .execute();
    }
    return true;
  });
}

/** Records what a job's settlement charged. */
export async function recordTranslationCharge(db: Db, id: string, seconds: number): Promise<void> {
  await db
    .updateTable("translations")
    .set({ charged_seconds: seconds })
    .where("id", "=", id)
    .execute();
}

/**
 * Translations left `running` by a worker that stopped go back to the queue (their cues so far
 * kept: the next run resumes after them): those whose heartbeat is older than `staleBefore`,
 * or every running one when no other process shares the database.
 */
export async function requeueStalledTranslations(
  db: Db,
  staleBefore: Date | null,
): Promise<number> {
  let query = db
    .updateTable("translations")
    .set({ status: "queued", heartbeat_at: null })
    .where("status", "=", "running");
  if (staleBefore) query = query.where("heartbeat_at", "<", staleBefore.toISOString());
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One running translation back to the queue (its process is stopping); false when it was not running. */
export async function requeueTranslation(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable("translations")
    .set({ status: "queued", heartbeat_at: null })
    .where("id", "=", id)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ended translations whose settlement was cut off (no charge recorded). */
export function unsettledTranslations(db: Db, limit = 500): Promise<TranslationRow[]> {
  return db
    .selectFrom("translations")
    .selectAll()
    .where("status", "in", ["completed", "failed", "cancelled"])
    .where("charged_seconds", "is", null)
    .limit(limit)
    .execute();
}

/** Replaces a track's cues (an edit in the editor). */
export async function replaceTranslationCues(db: Db, id: string, cuesJson: string): Promise<void> {
  await db.updateTable("translations").set({ cues_json: cuesJson }).where("id", "=", id).execute();
}

/** Deletes a language's ended rows (its track); active ones are left to their cancel. */
export async function deleteTranslationTrack(
  db: Db,
  transcriptionId: string,
  language: string,
): Promise<number> {
  const result = await db
    .deleteFrom("translations")
    .where("transcription_id", "=", transcriptionId)
    .where("language", "=", language)
    .where("status", "not in", ACTIVE_TRANSLATION_STATUSES)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ended, settled translations whose webhook event has not been written yet. */
export function translationsWithoutEvent(
  db: Db,
  since: Date,
  limit = 200,
): Promise<TranslationRow[]> {
  return db
    .selectFrom("translations")
    .selectAll()
    .where("status", "in", ["completed", "failed"])
    .where("charged_seconds", "is not", null)
    .where("event_recorded_at", "is", null)
    .where("finished_at", ">=", since.toISOString())
    .orderBy("finished_at")
    .limit(limit)
    .execute();
}

/** Marks a translation's event written; false when another process marked it first. */
export async function markTranslationEvent(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("translations")
    .set({ event_recorded_at: now.toISOString() })
    .where("id", "=", id)
    .where("event_recorded_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
