import type { Kysely } from "kysely";

/**
 * Captioned video over the user's own video (docs/captioned-video.md): what a render is drawn
 * over (`waveform` of the kept audio, or `video` uploaded for the render), and the uploaded
 * video's path while the render waits or runs (null again once it has ended: the file is
 * deleted then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("renders")
    .addColumn("picture", "text", (c) => c.notNull().defaultTo("waveform"))
    .execute();
  await db.schema.alterTable("renders").addColumn("source_path", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("renders").dropColumn("source_path").execute();
  await db.schema.alterTable("renders").dropColumn("picture").execute();
}
