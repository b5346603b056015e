import { hostname } from "node:os";
import type { Db } from "../db/database.js";

/**
 * Claims `task` for `period` (e.g. "daily-report", "2026-11-21") for this process; false when
 * another process of the fleet already ran it. The primary key decides: one insert wins.
 */
export async function claimTaskRun(
  db: Db,
  task: string,
  period: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto("task_runs")
    .values({ task, period, ran_at: now.toISOString(), runner: `${hostname()}:${process.pid}` })
    .onConflict((oc) => oc.columns(["task", "period"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
