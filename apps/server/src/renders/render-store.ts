import { join } from "node:path";
import { removeStored } from "../storage/stored-files.js";
import type { Insertable } from "kysely";
import type { Db } from "../db/database.js";
import type { RendersTable } from "../db/schema.js";
import { nextQueuedJob, runningProgress } from "../jobs/side-job-tables.js";
import { releaseMinutes } from "../minutes/minute-ledger.js";
import { ACTIVE_RENDER_STATUSES, type RenderRow } from "./render-row.js";

// The renders table is the renders' own queue: rows wait `queued` in order of creation, a
// worker claims one with a conditional update (so two processes sharing the database never
// take the same one), and every change of state is written here.

/** Where a render's MP4 is written: beside the uploads, so every process of a fleet sees it. */
export function renderFilePath(uploadDir: string, id: string): string {
  return join(uploadDir, `${id}.captioned.mp4`);
}

/**
 * Deletes the video a render was sent with (once it has ended: completed, failed or cancelled)
 * and forgets its path. The worker calls it when a render ends, the cancel when it cancels.
 */
export async function dropRenderSource(db: Db, id: string): Promise<void> {
  const row = await db
    .selectFrom("renders")
    .select("source_path")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row?.source_path) return;
  await removeStored(row.source_path);
  await db.updateTable("renders").set({ source_path: null }).where("id", "=", id).execute();
}

/**
 * Deletes the videos of renders that have ended but still name one (a process stopped between
 * the end and the deletion); run when a worker starts and with every sweep. Returns how many.
 */
export async function dropEndedRenderSources(db: Db): Promise<number> {
  const rows = await db
    .selectFrom("renders")
    .select("id")
    .where("source_path", "is not", null)
    .where("status", "not in", ACTIVE_RENDER_STATUSES)
    .limit(500)
    .execute();
  for (const row of rows) await dropRenderSource(db, row.id);
  return rows.length;
}

/** Queues a render (the caller holds the user's lock and has reserved its minutes). */
export async function insertRender(db: Db, row: Insertable<RendersTable>): Promise<void> {
  await db.insertInto("renders").values(row).execute();
}

/** Deletes a render that has ended (its file is the caller's to delete). */
export async function deleteRender(db: Db, id: string): Promise<void> {
  await db.deleteFrom("renders").where("id", "=", id).execute();
}

/** A user's latest renders of a transcription, newest first (at most `limit`). */
export function rendersOf(
  db: Db,
  transcriptionId: string,
  userId: string,
  limit: number,
): Promise<RenderRow[]> {
  return db
    .selectFrom("renders")
    .selectAll()
    .where("transcription_id", "=", transcriptionId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** How many renders a user has queued or running. */
export async function activeRenderCount(db: Db, userId: string): Promise<number> {
  const active = await db
    .selectFrom("renders")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("status", "in", ACTIVE_RENDER_STATUSES)
    .executeTakeFirst();
  return Number(active?.count ?? 0);
}

export function findRender(db: Db, id: string): Promise<RenderRow | undefined> {
  return db.selectFrom("renders").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Takes the next queued render for this worker, fair across accounts (`nextQueuedJob`);
 * undefined when none waits (or another took it).
 */
export async function claimNextRender(db: Db, now: Date): Promise<RenderRow | undefined> {
  const id = await nextQueuedJob(db, "renders");
  if (id === undefined) return undefined;
  const claimed = await db
    .updateTable("renders")
    .set({ status: "running", started_at: now.toISOString(), heartbeat_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "queued")
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? findRender(db, id) : undefined;
}

/** Records progress while running; false once the render is no longer running (cancelled). */
export async function recordRenderProgress(
  db: Db,
  id: string,
  percent: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("renders")
    .set({
      progress: runningProgress(percent),
      heartbeat_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a render that was `from` (one of the statuses given); false when it was not. */
export async function endRender(
  db: Db,
  id: string,
  from: readonly string[],
  values: Partial<
    Pick<RenderRow, "status" | "file_path" | "size_bytes" | "width" | "height" | "error_code">
  > & { status: string; finished_at: string; expires_at?: string | null; progress?: number },
): Promise<boolean> {
  const result = await db
    .updateTable("renders")
    .set(values)
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A render interrupted by shutdown (or its file store away) goes back to the queue to be run again. */
export async function requeueRender(db: Db, id: string): Promise<void> {
  await db
    .updateTable("renders")
    .set({ status: "queued", started_at: null, heartbeat_at: null, progress: 0 })
    .where("id", "=", id)
    .where("status", "=", "running")
    .execute();
}

/**
 * Renders left `running` by a worker that stopped without ending them (a crash, a machine gone)
 * go back to the queue: those whose heartbeat is older than `staleBefore`, or every running one
 * when no other process shares the database (a restart of the one process that runs them).
 */
export async function requeueStalledRenders(db: Db, staleBefore: Date | null): Promise<number> {
  let query = db
    .updateTable("renders")
    .set({ status: "queued", started_at: null, heartbeat_at: null, progress: 0 })
    .where("status", "=", "running");
  if (staleBefore) query = query.where("heartbeat_at", "<", staleBefore.toISOString());
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes finished files whose retention is over; returns how many. */
export async function removeExpiredRenders(db: Db, now: Date): Promise<number> {
  const rows = await db
    .selectFrom("renders")
    .select(["id", "file_path"])
    .where("file_path", "is not", null)
    .where("expires_at", "<=", now.toISOString())
    .limit(500)
    .execute();
  for (const row of rows) {
    if (row.file_path) await removeStored(row.file_path);
    await db.updateTable("renders").set({ file_path: null }).where("id", "=", row.id).execute();
  }
  return rows.length;
}

/**
 * A transcription's renders go with it: one under way is cancelled first (its minutes given
 * back; the worker running it stops at its next progress write), every file is deleted, then
 * the rows.
 */
export async function deleteRendersOf(db: Db, transcriptionId: string, now: Date): Promise<void> {
  const rows = await db
    .selectFrom("renders")
    .selectAll()
    .where("transcription_id", "=", transcriptionId)
    .execute();
  for (const row of rows) {
    const cancelled = await endRender(db, row.id, ACTIVE_RENDER_STATUSES, {
      status: "cancelled",
      finished_at: now.toISOString(),
    });
    if (cancelled) await releaseMinutes(db, row.user_id, row.id, now);
    if (row.file_path) await removeStored(row.file_path);
    if (row.source_path) await removeStored(row.source_path);
  }
  await db.deleteFrom("renders").where("transcription_id", "=", transcriptionId).execute();
}

/**
 * A member's renders of a team's transcriptions, once the member is out of the team: one queued
 * or running is cancelled and its minutes given back (the worker running it stops at its next
 * progress write). Not charged to the member, who may no longer download it, nor to the owner,
 * who did not ask for it. Returns how many were cancelled.
 */
export async function cancelTeamRendersOf(
  db: Db,
  userId: string,
  teamId: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .selectFrom("renders as r")
    .innerJoin("transcriptions as t", "t.id", "r.transcription_id")
    .select(["r.id", "r.user_id"])
    .where("r.user_id", "=", userId)
    .where("t.team_id", "=", teamId)
    .where("r.status", "in", [...ACTIVE_RENDER_STATUSES])
    .execute();
  let cancelled = 0;
  for (const row of rows) {
    const ended = await endRender(db, row.id, ACTIVE_RENDER_STATUSES, {
      status: "cancelled",
      finished_at: now.toISOString(),
    });
    if (!ended) continue; // it ended meanwhile: settled as it ended
    await releaseMinutes(db, row.user_id, row.id, now);
    await dropRenderSource(db, row.id);
    cancelled += 1;
  }
  return cancelled;
}
