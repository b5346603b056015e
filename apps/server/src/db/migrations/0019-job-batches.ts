import type { Kysely } from "kysely";

/**
 * A job remembers the batch it was sent in (several files sent together from the web app), so
 * History can group a batch's jobs and a batch can be followed from any page or device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").addColumn("batch_id", "text").execute();
  await db.schema
    .createIndex("transcriptions_user_batch")
    .on("transcriptions")
    .columns(["user_id", "batch_id"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("transcriptions_user_batch").execute();
  await db.schema.alterTable("transcriptions").dropColumn("batch_id").execute();
}
