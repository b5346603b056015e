import type { Kysely } from "kysely";

/**
 * Translation (docs/translation.md): `translations`, one row per translation job of a
 * transcription into one language — its own queue (like renders), its options, progress, the
 * translated cues (written batch by batch while it runs, so a restart resumes and a stopped job
 * is charged for what it delivered), the model, what it reserved and charged; the completed row
 * of a language is that language's track. `glossaries`: saved glossaries, a user's own or a
 * team's. Both go with their user, transcription or team (foreign keys, cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("translations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("transcription_id", "text", (c) =>
      c.notNull().references("transcriptions.id").onDelete("cascade"),
    )
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("options_json", "text", (c) => c.notNull())
    .addColumn("cues_json", "text")
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("translated_ms", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cost_seconds", "integer", (c) => c.notNull())
    .addColumn("charged_seconds", "integer")
    .addColumn("model", "text")
    .addColumn("starts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error_code", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("heartbeat_at", "text")
    .addColumn("finished_at", "text")
    .addColumn("event_recorded_at", "text")
    .execute();
  await db.schema
    .createIndex("translations_queue")
    .on("translations")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("translations_transcription")
    .on("translations")
    .columns(["transcription_id", "language"])
    .execute();
  await db.schema
    .createTable("glossaries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("team_id", "text", (c) => c.references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("entries_json", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("glossaries_user").on("glossaries").column("user_id").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("glossaries").execute();
  await db.schema.dropTable("translations").execute();
}
