import type { Kysely } from "kysely";

/**
 * Scheduled tasks that must run once per period across every process of the fleet (the daily
 * report): the first process to insert (task, period) runs it, the others skip.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("task_runs")
    .addColumn("task", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("ran_at", "text", (c) => c.notNull())
    .addColumn("runner", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("task_runs_pk", ["task", "period"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("task_runs").execute();
}
