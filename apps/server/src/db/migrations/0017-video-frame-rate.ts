import type { Kysely } from "kysely";

/**
 * The uploaded video's frame rate as a timecode rate ("23.976", "24", "25", "29.97", "30"),
 * kept so that exports with SMPTE timecode (EBU-STL, FCPXML, EDL, Avid markers) match the
 * video after the media itself is deleted; null for audio or a rate none of those fits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").addColumn("video_frame_rate", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").dropColumn("video_frame_rate").execute();
}
