import type { Kysely } from "kysely";

/**
 * The shot changes found in an uploaded video (a JSON array of times in ms, in order), kept with
 * the job so that the editor shows them and snaps to them after the video itself is deleted;
 * null for audio, a video of an unusual rate, and jobs from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").addColumn("shot_changes_json", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").dropColumn("shot_changes_json").execute();
}
