import type { Kysely } from "kysely";

/**
 * "Translate when done" made durable: 1 while a job's upload asked for translations
 * (`translateTo`) that are not queued yet, 0 once they are (or when none were asked). The
 * transcription's completion hook queues them and clears it; a sweep at start and every hour
 * queues those of any completed job still marked (a process that died in between). Rows from
 * before are 0: their requests were queued by the hook, or lost with no way to tell.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("transcriptions")
    .addColumn("translations_pending", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").dropColumn("translations_pending").execute();
}
