import type { Kysely } from "kysely";

/**
 * Sharing (docs/sharing.md): read-only links to one transcription (a long random token, an
 * optional password hash, expiry and permissions), and the time-coded comments left on it. Both
 * go with the transcription (foreign keys, cascade); a revoked link's comments stay with the
 * transcription for the owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("share_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transcription_id", "text", (c) =>
      c.notNull().references("transcriptions.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text")
    .addColumn("allow_download", "integer", (c) => c.notNull())
    .addColumn("allow_comments", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("share_links_transcription")
    .on("share_links")
    .column("transcription_id")
    .execute();
  await db.schema
    .createTable("share_comments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transcription_id", "text", (c) =>
      c.notNull().references("transcriptions.id").onDelete("cascade"),
    )
    .addColumn("share_link_id", "text", (c) => c.references("share_links.id").onDelete("set null"))
    .addColumn("parent_id", "text", (c) => c.references("share_comments.id").onDelete("cascade"))
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("by_owner", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("start_ms", "integer", (c) => c.notNull())
    .addColumn("end_ms", "integer", (c) => c.notNull())
    .addColumn("cue_id", "integer")
    .addColumn("resolved_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("share_comments_transcription")
    .on("share_comments")
    .columns(["transcription_id", "start_ms"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("share_comments").execute();
  await db.schema.dropTable("share_links").execute();
}
