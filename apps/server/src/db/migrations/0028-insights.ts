import type { Kysely } from "kysely";

/**
 * Insights (docs/insights.md): one row per insights job of a transcription — its own queue
 * (like renders), options, progress, the minutes it reserved, and once completed the insights
 * (summary, chapters, key points, quotes, action items, topics; JSON, every statement with its
 * citations) — and the questions asked about a transcription with their checked answers. Both
 * go with their transcription and their user (foreign keys, cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("insights")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("transcription_id", "text", (c) =>
      c.notNull().references("transcriptions.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("options_json", "text", (c) => c.notNull())
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("stage", "text")
    .addColumn("cost_seconds", "integer", (c) => c.notNull())
    .addColumn("content_json", "text")
    .addColumn("edited", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error_code", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("heartbeat_at", "text")
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("insights_queue")
    .on("insights")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("insights_transcription")
    .on("insights")
    .columns(["transcription_id", "created_at"])
    .execute();
  await db.schema
    .createTable("insight_questions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("transcription_id", "text", (c) =>
      c.notNull().references("transcriptions.id").onDelete("cascade"),
    )
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer_json", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("insight_questions_transcription")
    .on("insight_questions")
    .columns(["transcription_id", "created_at"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("insight_questions").execute();
  await db.schema.dropTable("insights").execute();
}
