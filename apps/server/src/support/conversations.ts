import { randomUUID } from "node:crypto";
import { supportIsOpen } from "@verbatim/contract";
import type { SupportMessageView } from "@verbatim/contract/api";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { SupportMessagesTable } from "../db/schema.js";
import { fail } from "../http/app-error.js";
import { transcriptionOwners } from "../jobs/job-reads.js";
import { can, transcription } from "../policies/policies.js";
import { actorInTeam } from "../teams/membership.js";
import { findUserById } from "../users/repo.js";
import { ADMIN_CHANNEL, userChannel, type SupportEventBus } from "./support-events.js";

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

/**
 * Adds a message to a user's conversation and tells both sides' streams. A linked
 * transcription must be one that user may read (the policies: their own, or their team's while
 * they are in it; else 404 ATTACHMENT_NOT_FOUND).
 */
export async function postMessage(
  ctx: SupportContext,
  input: {
    userId: string;
    sender: SupportSide;
    adminId: string | null;
    text: string;
    transcriptionId?: string;
  },
): Promise<SupportMessageView> {
  const { db } = ctx;
  if (input.transcriptionId !== undefined) {
    const [row] = await transcriptionOwners(db, [input.transcriptionId]);
    const user = row && (await findUserById(db, input.userId));
    const actor = user && (await actorInTeam(db, ctx.config, user, row.team_id));
    if (!row || !actor || !can(actor, "read", transcription(row))) {
      fail("ATTACHMENT_NOT_FOUND");
    }
  }
  const id = randomUUID();
  await db
    .insertInto("support_messages")
    .values({
      id,
      user_id: input.userId,
      sender: input.sender,
      admin_id: input.adminId,
      body: input.text,
      transcription_id: input.transcriptionId ?? null,
      created_at: ctx.now().toISOString(),
      read_at: null,
      notified_at: null,
    })
    .execute();
  const row = await messagesQuery(db).where("m.id", "=", id).executeTakeFirstOrThrow();
  const message = toView(row);
  ctx.supportEvents.publish(userChannel(input.userId), { type: "message", message });
  ctx.supportEvents.publish(ADMIN_CHANNEL, { type: "message", message });
  return message;
}

/** `reader` has read the other side's messages in a user's conversation, up to now. */
export async function markRead(
  ctx: SupportContext,
  userId: string,
  reader: SupportSide,
): Promise<void> {
  const result = await ctx.db
    .updateTable("support_messages")
    .set({ read_at: ctx.now().toISOString() })
    .where("user_id", "=", userId)
    .where("sender", "=", other(reader))
    .where("read_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return;
  const event = { type: "read" as const, userId, by: reader };
  ctx.supportEvents.publish(userChannel(userId), event);
  ctx.supportEvents.publish(ADMIN_CHANNEL, event);
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
