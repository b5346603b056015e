import type { Kysely } from "kysely";

/**
 * Speaker diarization: a transcription keeps its speakers (id and name, JSON; null when it was
 * not diarized) and their number for history. Saved voices are a user's own: a name, and the
 * speaker embedding the engine computed from a short clip (numbers only: no audio is kept),
 * with the embedding model's name, since embeddings of different models cannot be compared.
 * They go with the user (cascade, and deleted explicitly with the account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").addColumn("speakers_json", "text").execute();
  await db.schema.alterTable("transcriptions").addColumn("speaker_count", "integer").execute();
  await db.schema
    .createTable("voices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // The name folded (trimmed, lower case): one voice per name and user, whatever the case.
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("embedding_json", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("voices_user_name", ["user_id", "name_key"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("voices").execute();
  await db.schema.alterTable("transcriptions").dropColumn("speaker_count").execute();
  await db.schema.alterTable("transcriptions").dropColumn("speakers_json").execute();
}
