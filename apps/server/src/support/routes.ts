import rateLimit from "@fastify/rate-limit";
import {
  errorResponses,
  OkResponse,
  SupportConversationResponse,
  SupportEventDoc,
  SupportMessage,
  SupportMessageBody,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authRateLimits, type RateLimitRule } from "../auth/rate-limits.js";
import { currentUser, requireUser } from "../auth/require-user.js";
import { markRead } from "./commands/mark-read.js";
import { postMessage } from "./commands/post-message.js";
import { readConversation } from "./conversations.js";
import { streamSupportEvents } from "./event-stream.js";
import { streamsEndedOnClose } from "../http/event-stream.js";
import { userChannel, type SupportEventBus } from "./support-events.js";
import type { Db } from "../db/database.js";
import type { Config } from "../config.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";
import type { SupportOptions } from "./support-notifications.js";

/** Plenty for a conversation, too few to flood support. */
export const DEFAULT_SUPPORT_RATE_LIMIT: RateLimitRule = { max: 20, windowMs: 10 * 60 * 1000 };

const tags = ["support"];
const security = [{ bearer: [] }];

/**
 * /api/support/*: the signed-in user's conversation with support: read it, write (optionally
 * linking one of their transcriptions), mark support's replies read, and follow it live.
 */
export function supportRoutes(ctx: {
  db: Db;
  config: Config;
  now: () => Date;
  supportEvents: SupportEventBus;
  rateLimits: RateLimitStore;
  support: SupportOptions;
}): FastifyPluginAsync {
  return async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    await app.register(rateLimit, ctx.rateLimits.pluginOptions("support"));
    const perUser = ctx.support.rateLimit ?? DEFAULT_SUPPORT_RATE_LIMIT;
    // Per address only as a backstop (an office behind one address has many users).
    const limits = {
      perIp: { max: perUser.max * 10, windowMs: perUser.windowMs },
      perEmail: perUser,
    };
    const signedIn = requireUser(ctx);
    const open = streamsEndedOnClose(app);

    app.get(
      "/api/support/messages",
      {
        preHandler: signedIn,
        schema: {
          summary: "Your conversation with support, oldest message first",
          tags,
          security,
          response: { 200: SupportConversationResponse, ...errorResponses(401) },
        },
      },
      async (request) => readConversation(ctx, currentUser(request).id, "user"),
    );

    app.post(
      "/api/support/messages",
      {
        preHandler: [signedIn, authRateLimits(app, limits, "user")],
        schema: {
          summary: "Write to support (plain text; optionally link one of your transcriptions)",
          tags,
          security,
          body: SupportMessageBody,
          response: { 200: SupportMessage, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) =>
        postMessage(ctx, {
          userId: currentUser(request).id,
          sender: "user",
          adminId: null,
          ...request.body,
        }),
    );

    app.post(
      "/api/support/read",
      {
        preHandler: signedIn,
        schema: {
          summary: "Mark support's replies in your conversation read",
          tags,
          security,
          response: { 200: OkResponse, ...errorResponses(401) },
        },
      },
      async (request) => {
        await markRead(ctx, { userId: currentUser(request).id, reader: "user" });
        return { ok: true as const };
      },
    );

    app.get(
      "/api/support/events",
      {
        preHandler: signedIn,
        schema: {
          summary: "Your support conversation, live (text/event-stream)",
          description:
            "Server-sent events: `message` (a new message, either side's, as in the messages list) and `read` (userId, by: `user` or `support`: that side read the conversation). Read the messages call for what came before. Comment lines keep it open.",
          tags,
          security,
          response: {
            200: {
              description: "The event stream; each event's name and data as below.",
              content: { "text/event-stream": { schema: SupportEventDoc } },
            },
            ...errorResponses(401),
          },
        },
      },
      async (request, reply) => {
        streamSupportEvents(
          request,
          reply,
          ctx.supportEvents,
          userChannel(currentUser(request).id),
          open,
        );
      },
    );
  };
}
