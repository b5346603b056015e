import type { Kysely } from "kysely";

/**
 * Live captions (docs/live.md): one row per live session — who speaks, in what language and
 * model, its watch link (token, optional password hash and expiry), whether it is paused,
 * how much audio it has captured and how many seconds it has reserved, and once stopped the
 * transcription it became. The audio itself is a file in UPLOAD_DIR while the session runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("live_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("engine_model", "text", (c) => c.notNull())
    .addColumn("model_family", "text", (c) => c.notNull())
    .addColumn("watch_token", "text", (c) => c.notNull().unique())
    .addColumn("watch_password_hash", "text")
    .addColumn("watch_expires_at", "text")
    .addColumn("paused", "integer", (c) => c.notNull())
    .addColumn("captured_ms", "integer", (c) => c.notNull())
    .addColumn("reserved_steps", "integer", (c) => c.notNull())
    .addColumn("audio_path", "text", (c) => c.notNull())
    .addColumn("finals_json", "text", (c) => c.notNull())
    .addColumn("transcription_id", "text", (c) =>
      c.references("transcriptions.id").onDelete("set null"),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("heartbeat_at", "text", (c) => c.notNull())
    .addColumn("ended_at", "text")
    .execute();
  await db.schema
    .createIndex("live_sessions_user_status")
    .on("live_sessions")
    .columns(["user_id", "status"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("live_sessions").execute();
}
