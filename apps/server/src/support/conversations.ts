import { supportIsOpen } from "@verbatim/contract";
import type { SupportMessageView } from "@verbatim/contract/api";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { SupportMessagesTable } from "../db/schema.js";
import type { SupportEventBus } from "./support-events.js";

/** Who is reading or writing a conversation: its user, or support (an admin). */
export type SupportSide = SupportMessagesTable["sender"];

/** What the support conversations need. */
export interface SupportContext {
  db: Db;
  config: Pick<Config, "adminEmails">;
  supportEvents: SupportEventBus;
  now: () => Date;
}

const other = (side: SupportSide): SupportSide => (side === "user" ? "support" : "user");

type MessageRow = Pick<
  SupportMessagesTable,
  "id" | "user_id" | "sender" | "body" | "transcription_id" | "created_at" | "read_at"
> & { file_name: string | null };

function toView(row: MessageRow): SupportMessageView {
  return {
    id: row.id,
    userId: row.user_id,
    from: row.sender,
    text: row.body,
    attachment: row.transcription_id
      ? { transcriptionId: row.transcription_id, fileName: row.file_name }
      : null,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/**
 * The messages with the linked transcription's file name: only a transcription of the
 * conversation's own user is named (a link never shows anyone else's data).
 */
function messagesQuery(db: Db) {
  return db
    .selectFrom("support_messages as m")
    .leftJoin("transcriptions as t", (join) =>
      join.onRef("t.id", "=", "m.transcription_id").onRef("t.user_id", "=", "m.user_id"),
    )
    .select([
      "m.id",
      "m.user_id",
      "m.sender",
      "m.body",
      "m.transcription_id",
      "m.created_at",
      "m.read_at",
      "t.file_name",
    ]);
}

/** A user's conversation, oldest first, with how many of the other side's messages `reader` has not read. */
export async function readConversation(ctx: SupportContext, userId: string, reader: SupportSide) {
  const rows = await messagesQuery(ctx.db)
    .where("m.user_id", "=", userId)
    .orderBy("m.created_at")
    .orderBy("m.id")
    .execute();
  const messages = rows.map(toView);
  return {
    messages,
    unread: messages.filter((m) => m.from === other(reader) && m.readAt === null).length,
    supportOpen: supportIsOpen(ctx.now()),
  };
}

/** A new message's row. */
export type NewSupportMessage = Omit<SupportMessagesTable, "read_at" | "notified_at">;

/** Stores a new message (unread, not yet mailed about). */
export async function insertMessage(db: Db, row: NewSupportMessage): Promise<void> {
  await db
    .insertInto("support_messages")
    .values({ ...row, read_at: null, notified_at: null })
    .execute();
}

/** One message as the conversation shows it. */
export async function findMessage(db: Db, id: string): Promise<SupportMessageView> {
  return toView(await messagesQuery(db).where("m.id", "=", id).executeTakeFirstOrThrow());
}

/** Marks the other side's unread messages in a user's conversation read by `reader`; how many. */
export async function markReadBy(
  db: Db,
  { userId, reader, now }: { userId: string; reader: SupportSide; now: Date },
): Promise<number> {
  const result = await db
    .updateTable("support_messages")
    .set({ read_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("sender", "=", other(reader))
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Claims a conversation side's unread messages not yet mailed about (written up to `now`) for
 * one e-mail: marks them notified and returns them. Two processes never claim the same message.
 */
export async function claimUnreadForMail(
  db: Db,
  { userId, sender, now }: { userId: string; sender: SupportSide; now: Date },
): Promise<{ body: string; created_at: string }[]> {
  return db
    .updateTable("support_messages")
    .set({ notified_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("sender", "=", sender)
    .where("read_at", "is", null)
    .where("notified_at", "is", null)
    .where("created_at", "<=", now.toISOString())
    .returning(["body", "created_at"])
    .execute();
}

/** Deletes a user's conversation (their account is going). */
export async function deleteConversationOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("support_messages").where("user_id", "=", userId).execute();
}

/** Every conversation for the admin list: those with unread user messages first, then newest first. */
export async function listConversations(ctx: SupportContext) {
  const { db } = ctx;
  const heads = await db
    .selectFrom("support_messages as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select((eb) => [
      "m.user_id",
      "u.email",
      "u.name",
      eb.fn.max("m.created_at").as("last_at"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb("m.sender", "=", "user"), eb("m.read_at", "is", null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("unread"),
    ])
    .groupBy(["m.user_id", "u.email", "u.name"])
    .execute();
  const conversations = [];
  for (const head of heads) {
    const last = await messagesQuery(db)
      .where("m.user_id", "=", head.user_id)
      .orderBy("m.created_at", "desc")
      .orderBy("m.id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    conversations.push({
      userId: head.user_id,
      email: head.email,
      name: head.name,
      lastMessage: toView(last),
      unread: Number(head.unread),
    });
  }
  conversations.sort(
    (a, b) =>
      Number(b.unread > 0) - Number(a.unread > 0) ||
      b.lastMessage.createdAt.localeCompare(a.lastMessage.createdAt),
  );
  return {
    conversations,
    unread: conversations.reduce((sum, conversation) => sum + conversation.unread, 0),
  };
}
