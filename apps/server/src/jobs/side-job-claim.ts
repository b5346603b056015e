import { sql } from "kysely";
import type { Db } from "../db/database.js";

// What the side-job tables (renders, translations, insights) share in how a job is taken: which
// queued job comes next. Each table's store then claims it itself (queued → running, with its
// own columns), as the one writer of its table.

/** The tables the side-job queue (side-job-queue.ts) works: each has id, user_id, status, created_at. */
export type SideJobTable = "renders" | "translations" | "insights";

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
