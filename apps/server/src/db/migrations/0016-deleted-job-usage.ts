import type { Kysely } from "kysely";

/**
 * What the admin pages and the daily report count of a job outlives the job: a transcription
 * its owner deleted (or whose account was deleted) keeps one row here with its outcome, length
 * and what it was charged — no name, text, file or owner — so usage counts what was
 * transcribed and charged, deleted or not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("deleted_job_usage")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error_code", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("charged_seconds", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("deleted_job_usage_finished")
    .on("deleted_job_usage")
    .column("finished_at")
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("deleted_job_usage").execute();
}
