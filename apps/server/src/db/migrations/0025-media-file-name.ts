import type { Kysely } from "kysely";

/**
 * The media file's name as uploaded, kept when the owner renames the transcription
 * (`file_name`): formats that point at the media (ELAN's MEDIA_DESCRIPTOR) name the file, not
 * the title. Rows from before it are null, and readers fall back to `file_name`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").addColumn("media_file_name", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").dropColumn("media_file_name").execute();
}
