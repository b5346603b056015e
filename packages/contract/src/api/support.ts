import { z } from "zod";
import { MAX_SUPPORT_MESSAGE } from "../limits.js";

// Live chat with support: one conversation per user, answered from the admin pages.

/** A transcription linked to a message: its id, and its file name while it still exists. */
export const SupportAttachment = z.object({
  transcriptionId: z.string(),
  /** Null once the transcription was deleted. */
  fileName: z.string().nullable(),
});

/** One message of a support conversation. */
export const SupportMessage = z.object({
  id: z.string(),
  /** The user whose conversation it belongs to. */
  userId: z.string(),
  /** Who wrote it: the user, or support (an admin). */
  from: z.enum(["user", "support"]),
  text: z.string(),
  attachment: SupportAttachment.nullable(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
  /** When the other side read it; null while unread. */
  readAt: z
    .string()
    .nullable()
    .describe("When the other side read it, ISO-8601 UTC; null while unread."),
});
export type SupportMessageView = z.output<typeof SupportMessage>;

/** POST /api/support/messages and the admin's reply: the text, and optionally a transcription. */
export const SupportMessageBody = z.object({
  text: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(MAX_SUPPORT_MESSAGE, `Message must be at most ${MAX_SUPPORT_MESSAGE} characters`),
  /** One of the sender's own transcriptions (users only). */
  transcriptionId: z.string().max(100).optional(),
});

/** A conversation's messages, oldest first, with what its reader has not read yet. */
export const SupportConversationResponse = z.object({
  messages: z.array(SupportMessage),
  /** Messages from the other side the reader has not read. */
  unread: z.number().int(),
  /** Whether support is within its hours now (Monday–Friday 9:00–18:00 New York time). */
  supportOpen: z.boolean(),
});

/** One conversation in the admin list. */
export const SupportConversationSummary = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  lastMessage: SupportMessage,
  /** The user's messages no admin has read yet. */
  unread: z.number().int(),
});

/** GET /api/admin/support/conversations: unread ones first, then newest first. */
export const SupportConversationList = z.object({
  conversations: z.array(SupportConversationSummary),
  /** Unread user messages across every conversation. */
  unread: z.number().int(),
});

/** The conversation an admin call is about. */
export const SupportUserParams = z.object({ userId: z.string() });

/** GET /api/support/events and /api/admin/support/events: what the stream sends (documentation). */
export const SupportEventDoc = z.object({
  message: SupportMessage.describe("event `message`: a new message in the conversation"),
  read: z
    .object({ userId: z.string(), by: z.enum(["user", "support"]) })
    .describe("event `read`: one side read the conversation up to now"),
});

/** What a support event stream carries (the SSE event name is `type`). */
export type SupportEvent =
  | { type: "message"; message: SupportMessageView }
  | { type: "read"; userId: string; by: "user" | "support" };
