import type { Kysely } from "kysely";

/**
 * Captioned video (docs/captioned-video.md): one row per render of a transcription, its own
 * queue (renders run apart from transcriptions), its style options, progress, the finished
 * file and when it is deleted, and the seconds of minutes it reserved. Renders go with their
 * transcription and their user (foreign keys, cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("renders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("transcription_id", "text", (c) =>
      c.notNull().references("transcriptions.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("options_json", "text", (c) => c.notNull())
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cost_seconds", "integer", (c) => c.notNull())
    .addColumn("file_path", "text")
    .addColumn("size_bytes", "integer")
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("error_code", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("heartbeat_at", "text")
    .addColumn("finished_at", "text")
    .addColumn("expires_at", "text")
    .execute();
  await db.schema
    .createIndex("renders_queue")
    .on("renders")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("renders_transcription")
    .on("renders")
    .column("transcription_id")
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("renders").execute();
}
