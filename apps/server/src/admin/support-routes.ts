import {
  errorResponses,
  OkResponse,
  SupportConversationList,
  SupportConversationResponse,
  SupportEventDoc,
  SupportMessage,
  SupportMessageBody,
  SupportUserParams,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAdmin } from "../auth/require-admin.js";
import { currentUser } from "../auth/require-user.js";
import { fail } from "../http/app-error.js";
import { listConversations, readConversation } from "../support/conversations.js";
import { markRead } from "../support/commands/mark-read.js";
import { postMessage } from "../support/commands/post-message.js";
import { streamSupportEvents } from "../support/event-stream.js";
import { streamsEndedOnClose } from "../http/event-stream.js";
import { ADMIN_CHANNEL, type SupportEventBus } from "../support/support-events.js";
import { findUserById } from "../users/repo.js";
import type { Db } from "../db/database.js";
import type { Config } from "../config.js";

const tags = ["admin"];
const security = [{ bearer: [] }];

/** /api/admin/support/*: every user's conversation with support, for admin accounts only. */
export function adminSupportRoutes(ctx: {
  db: Db;
  config: Config;
  now: () => Date;
  supportEvents: SupportEventBus;
}): FastifyPluginAsync {
  return async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const adminOnly = requireAdmin(ctx);
    const open = streamsEndedOnClose(app);
    /** The conversation's user, or 404 USER_NOT_FOUND. */
    const userOf = async (userId: string) => {
      const user = await findUserById(ctx.db, userId);
      if (!user) fail("USER_NOT_FOUND");
      return user;
    };

    app.get(
      "/api/admin/support/conversations",
      {
        preHandler: adminOnly,
        schema: {
          summary: "Support conversations: those with unread messages first, then newest first",
          tags,
          security,
          response: { 200: SupportConversationList, ...errorResponses(401, 403) },
        },
      },
      async () => listConversations(ctx),
    );

    app.get(
      "/api/admin/support/conversations/:userId/messages",
      {
        preHandler: adminOnly,
        schema: {
          summary: "One user's support conversation, oldest message first",
          tags,
          security,
          params: SupportUserParams,
          response: { 200: SupportConversationResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const user = await userOf(request.params.userId);
        return readConversation(ctx, user.id, "support");
      },
    );

    app.post(
      "/api/admin/support/conversations/:userId/messages",
      {
        preHandler: adminOnly,
        schema: {
          summary: "Reply in a user's support conversation",
          tags,
          security,
          params: SupportUserParams,
          body: SupportMessageBody,
          response: { 200: SupportMessage, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = await userOf(request.params.userId);
        return postMessage(ctx, {
          userId: user.id,
          sender: "support",
          adminId: currentUser(request).id,
          ...request.body,
        });
      },
    );

    app.post(
      "/api/admin/support/conversations/:userId/read",
      {
        preHandler: adminOnly,
        schema: {
          summary: "Mark a user's messages read",
          tags,
          security,
          params: SupportUserParams,
          response: { 200: OkResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const user = await userOf(request.params.userId);
        await markRead(ctx, { userId: user.id, reader: "support" });
        return { ok: true as const };
      },
    );

    app.get(
      "/api/admin/support/events",
      {
        preHandler: adminOnly,
        schema: {
          summary: "Every support conversation, live (text/event-stream)",
          description:
            "Server-sent events: `message` (a new message in any conversation) and `read` (userId, by: `user` or `support`). Comment lines keep it open.",
          tags,
          security,
          response: {
            200: {
              description: "The event stream; each event's name and data as below.",
              content: { "text/event-stream": { schema: SupportEventDoc } },
            },
            ...errorResponses(401, 403),
          },
        },
      },
      async (request, reply) => {
        streamSupportEvents(request, reply, ctx.supportEvents, ADMIN_CHANNEL, open);
      },
    );
  };
}
