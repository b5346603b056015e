import type { Kysely } from "kysely";

/** Transcription jobs, chunked-upload sessions, and checkout sessions for the billing issue. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("transcriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("engine_model", "text", (c) => c.notNull())
    .addColumn("options_json", "text", (c) => c.notNull())
    .addColumn("media_path", "text")
    .addColumn("media_bytes", "integer", (c) => c.notNull())
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("language", "text")
    .addColumn("cues_json", "text")
    .addColumn("progress", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("eta_ms", "integer")
    .addColumn("error_code", "text")
    .addColumn("error_message", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("worker_id", "text")
    .addColumn("heartbeat_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("transcriptions_user_created")
    .on("transcriptions")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("transcriptions_status_created")
    .on("transcriptions")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("upload_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("upload_chunks")
    .addColumn("session_id", "text", (c) =>
      c.notNull().references("upload_sessions.id").onDelete("cascade"),
    )
    .addColumn("chunk_index", "integer", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("upload_chunks_pk", ["session_id", "chunk_index"])
    .execute();

  await db.schema
    .createTable("checkout_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_session_id", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("product", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["checkout_sessions", "upload_chunks", "upload_sessions", "transcriptions"]) {
    await db.schema.dropTable(table).execute();
  }
}
