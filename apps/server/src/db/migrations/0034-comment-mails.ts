import type { Kysely } from "kysely";

/**
 * The owner's e-mail about comments left through share links (docs/sharing.md#e-mail-to-the-owner):
 * `users.comment_mails` (1: send them, the default; 0: the owner turned them off), and
 * `share_comments.owner_mail`: "pending" for a viewer's comment the next e-mail is to list,
 * "sent" once an e-mail took it, "skipped" when its owner wanted none; null for the owner's and
 * team members' own comments and for every comment from before this migration (never mailed).
 * A share link's `show_overview` (1, the default: its page shows the owner's short summary and
 * chapters; 0: it leaves them off).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("comment_mails", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("share_comments").addColumn("owner_mail", "text").execute();
  await db.schema
    .createIndex("share_comments_owner_mail")
    .on("share_comments")
    .columns(["owner_mail", "transcription_id"])
    .execute();
  await db.schema
    .alterTable("share_links")
    .addColumn("show_overview", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("share_links").dropColumn("show_overview").execute();
  await db.schema.dropIndex("share_comments_owner_mail").execute();
  await db.schema.alterTable("share_comments").dropColumn("owner_mail").execute();
  await db.schema.alterTable("users").dropColumn("comment_mails").execute();
}
