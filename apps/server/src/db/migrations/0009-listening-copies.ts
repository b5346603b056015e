import type { Kysely } from "kysely";

/**
 * A finished transcription keeps a small audio copy for playing back in the editor, for a
 * stated time (by plan): its path and when it is deleted. A running one keeps the text
 * recognised so far, so a client that comes back sees it all again. And history search looks in
 * a lower-case copy of the name and text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").addColumn("audio_path", "text").execute();
  await db.schema.alterTable("transcriptions").addColumn("audio_expires_at", "text").execute();
  await db.schema.alterTable("transcriptions").addColumn("partial_json", "text").execute();
  await db.schema.alterTable("transcriptions").addColumn("search_text", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").dropColumn("search_text").execute();
  await db.schema.alterTable("transcriptions").dropColumn("partial_json").execute();
  await db.schema.alterTable("transcriptions").dropColumn("audio_expires_at").execute();
  await db.schema.alterTable("transcriptions").dropColumn("audio_path").execute();
}
