import type { Kysely } from "kysely";

/**
 * Live chat with support: one conversation per user (its messages carry the user's id), each
 * message from the user or from support. `read_at` is when the other side read it;
 * `notified_at` when an e-mail about it went out (or was claimed to), so a restart neither
 * loses nor repeats the mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("support_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("sender", "text", (c) => c.notNull())
    .addColumn("admin_id", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("transcription_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addColumn("notified_at", "text")
    .execute();
  await db.schema
    .createIndex("support_messages_conversation")
    .on("support_messages")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("support_messages_unread")
    .on("support_messages")
    .columns(["read_at", "notified_at"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("support_messages").execute();
}
