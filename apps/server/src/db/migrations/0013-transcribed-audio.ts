import type { Kysely } from "kysely";

/**
 * A job is charged for the audio it has transcribed, however it ends. `transcribed_ms` is how
 * far into the media the text delivered to the user reaches (the end of the last passage sent
 * while it ran: written before the passage is sent), and `charged_seconds` what its settlement
 * charged (null until settled; 0 when it was free).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("transcriptions")
    .addColumn("transcribed_ms", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("transcriptions").addColumn("charged_seconds", "integer").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").dropColumn("charged_seconds").execute();
  await db.schema.alterTable("transcriptions").dropColumn("transcribed_ms").execute();
}
