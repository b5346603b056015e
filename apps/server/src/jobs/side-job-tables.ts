import { sql } from "kysely";
import type { Db } from "../db/database.js";
import { chargeMinutes, releaseMinutes } from "../minutes/minute-ledger.js";

// What the side-job tables (renders, translations, insights) share: which queued job comes
// next, and settling the minutes of jobs that ended. Reads only (and the ledger's own verbs):
// each table's store claims, requeues and ends its jobs itself, as the one writer of its table.

/** The tables the side-job queue (side-job-queue.ts) works: each has id, user_id, status, created_at. */
export type SideJobTable = "renders" | "translations" | "insights";

/**
 * A running job's progress as stored: whole percent from 0 to 99 (100 is written only by the
 * job's end, so a row never says done while it still runs).
 */
export function runningProgress(percent: number): number {
  return Math.max(0, Math.min(99, Math.floor(percent)));
}

/**
 * The id of the queued job a worker should take next, fair across accounts: the oldest queued
 * job of the accounts with the fewest jobs of this table running (in every process: they share
 * the table), so one account's line of jobs cannot hold back another account's first. Ties go
 * to the oldest job. Undefined when none waits. A read only: another worker may claim it first.
 */
export async function nextQueuedJob(db: Db, table: SideJobTable): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    select q.id from ${sql.table(table)} q
    where q.status = ${"queued"}
    order by
      (select count(*) from ${sql.table(table)} r
        where r.user_id = q.user_id and r.status = ${"running"}),
      q.created_at, q.id
    limit 1`.execute(db);
  return rows[0]?.id;
}

/**
 * Settles the minutes of jobs that ended since `since`, in case the settlement after the end was
 * cut off (a crash, the database away): a completed job is charged its cost, a failed or
 * cancelled one released. Both are idempotent, so a job already settled is left as it is.
 * Returns how many were looked at (at most 1000 a time).
 */
export async function settleEndedJobs(
  db: Db,
  table: "renders" | "insights",
  now: Date,
  since: Date,
): Promise<number> {
  const rows = await db
    .selectFrom(table)
    .select(["id", "user_id", "status", "cost_seconds"])
    .where("status", "in", ["completed", "failed", "cancelled"])
    .where("finished_at", ">=", since.toISOString())
    .limit(1000)
    .execute();
  for (const row of rows) {
    if (row.status === "completed") {
      await chargeMinutes(db, row.user_id, row.id, row.cost_seconds, now);
    } else {
      await releaseMinutes(db, row.user_id, row.id, now);
    }
  }
  return rows.length;
}
