import type { Kysely } from "kysely";

/**
 * The model family a job runs on ("whisper", "parakeet", "sensevoice"): chosen at intake, and
 * the one that ran once it completes. Null for jobs from before there was more than one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").addColumn("model_family", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").dropColumn("model_family").execute();
}
