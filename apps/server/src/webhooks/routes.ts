import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import { MAX_WEBHOOKS, WEBHOOK_EVENTS } from "@verbatim/contract/api";
import type { Selectable } from "kysely";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authRateLimits, type AuthRateLimits } from "../auth/rate-limits.js";
import { currentUser, requireUser } from "../auth/require-user.js";
import type { WebhookDeliveriesTable, WebhooksTable } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { tableRoute } from "../http/table-route.js";
import { checkUrlNow } from "../net/safe-fetch.js";
import { actorOf } from "../policies/actor.js";
import { authorize } from "../policies/authorize.js";
import { webhook, type ActionOn } from "../policies/policies.js";
import type { User } from "../users/repo.js";
import { addressRulesOf } from "../url-import/fetch-linked-media.js";
import { callbackSecretOf, eventBody } from "./job-events.js";
import { newSigningSecret } from "./signature.js";
import {
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertDelivery,
  insertWebhook,
  listWebhooks,
  recentDeliveries,
} from "./webhook-store.js";
import type { Db } from "../db/database.js";
import type { Config } from "../config.js";
import type { WebhookDispatcher } from "./dispatcher.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";

function presentWebhook(row: Selectable<WebhooksTable>) {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events_json) as (typeof WEBHOOK_EVENTS)[number][],
    createdAt: row.created_at,
  };
}

function presentDelivery(row: Selectable<WebhookDeliveriesTable>) {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.event_type,
    transcriptionId: row.transcription_id,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    error: row.last_error,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === "pending" ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
  };
}

/**
 * Test events per account (and per client address): enough to try an endpoint again and
 * again by hand, too few to queue a flood of attempts at a receiver that never answers.
 */
export const DEFAULT_WEBHOOK_TEST_RATE_LIMITS: AuthRateLimits = {
  perIp: { max: 60, windowMs: 10 * 60 * 1000 },
  perEmail: { max: 10, windowMs: 10 * 60 * 1000 },
};

/** The user's webhooks: register, list, delete, deliveries, test (docs/webhooks.md). */
export function webhookRoutes(
  ctx: {
    db: Db;
    config: Config;
    now: () => Date;
    webhooks: WebhookDispatcher;
    rateLimits: RateLimitStore;
  },
  testRateLimits: AuthRateLimits = DEFAULT_WEBHOOK_TEST_RATE_LIMITS,
): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    await app.register(rateLimit, ctx.rateLimits.pluginOptions("webhooks"));
    const { db } = ctx;
    const auth = { preHandler: requireUser({ db, now: ctx.now }) };
    const security = [{ bearer: [] }];
    const tags = ["webhooks"];

    /** A webhook the user may do `action` to (policies/: its owner), else 404. */
    const ownWebhook = async (user: User, id: string, action: ActionOn<"webhook"> = "read") => {
      const row = await findWebhook(db, id);
      authorize(actorOf(user, ctx.config), action, row && webhook(row));
      return row as NonNullable<typeof row>;
    };

    app.route({
      ...tableRoute("createWebhook", {
        summary: "Register a webhook",
        description: `JSON: \`url\` (public http or https) and \`events\` (${WEBHOOK_EVENTS.join(", ")}; default all). Answers with its \`secret\`, shown only now. Each delivery is a JSON POST \`{ id, type, created, data }\` with the headers \`Verbatim-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>\`, \`Verbatim-Delivery\` (unique per delivery, the same on retries) and \`Verbatim-Event\`. A 2xx answer within 10 s delivers it; otherwise it is retried with exponential back-off for 24 hours. Redirects are not followed. At most ${MAX_WEBHOOKS} per account (409 TOO_MANY_WEBHOOKS).`,
        tags,
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        const user = currentUser(request);
        const { url, events } = request.body;
        await checkUrlNow(url, addressRulesOf(ctx.config));
        if ((await countWebhooks(db, user.id)) >= MAX_WEBHOOKS) {
          throw new AppError("TOO_MANY_WEBHOOKS", { max: MAX_WEBHOOKS });
        }
        const row = {
          id: `wh_${randomUUID()}`,
          user_id: user.id,
          url,
          events_json: JSON.stringify([...new Set(events)]),
          secret: newSigningSecret(),
          created_at: ctx.now().toISOString(),
        };
        await insertWebhook(db, row);
        return reply.status(201).send({ ...presentWebhook(row), secret: row.secret });
      },
    });

    app.route({
      ...tableRoute("listWebhooks", { summary: "The account's webhooks", tags, security }),
      ...auth,
      handler: async (request) => {
        return (await listWebhooks(db, currentUser(request).id)).map(presentWebhook);
      },
    });

    app.route({
      ...tableRoute("getCallbackSecret", {
        summary: "The secret that signs per-request callbacks",
        description:
          "Deliveries to a request's `callback_url` are signed like webhook deliveries, with this secret (made on first use, the same for all of the account's callbacks).",
        tags,
        security,
      }),
      ...auth,
      handler: async (request) => ({
        secret: await callbackSecretOf(db, currentUser(request).id, ctx.now()),
      }),
    });

    app.route({
      ...tableRoute("deleteWebhook", {
        summary: "Delete a webhook (its pending deliveries are dropped)",
        tags,
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        const row = await ownWebhook(currentUser(request), request.params.id, "delete");
        await deleteWebhook(db, row.id);
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...tableRoute("listWebhookDeliveries", {
        summary: "A webhook's latest deliveries (50, newest first)",
        tags,
        security,
      }),
      ...auth,
      handler: async (request) => {
        const hook = await ownWebhook(currentUser(request), request.params.id);
        return (await recentDeliveries(db, hook.id, 50)).map(presentDelivery);
      },
    });

    app.route({
      ...tableRoute("testWebhook", {
        summary: "Send a test event to a webhook",
        description: `Sends \`{ type: "webhook.test", data: { webhookId } }\` at once, signed and retried like any delivery; answers with the delivery (follow it in the deliveries list). At most ${testRateLimits.perEmail.max} per account in ${testRateLimits.perEmail.windowMs / 60_000} minutes (429 RATE_LIMITED with Retry-After).`,
        tags,
        security,
      }),
      preHandler: [auth.preHandler, authRateLimits(app, testRateLimits, "user")],
      handler: async (request, reply) => {
        const user = currentUser(request);
        const hook = await ownWebhook(user, request.params.id, "test");
        const now = ctx.now();
        const eventId = `evt_${randomUUID()}`;
        const row = {
          id: `dlv_${randomUUID()}`,
          user_id: user.id,
          webhook_id: hook.id,
          transcription_id: null,
          event_id: eventId,
          event_type: "webhook.test",
          url: hook.url,
          payload: eventBody(eventId, "webhook.test", now, { webhookId: hook.id }),
          status: "pending" as const,
          attempts: 0,
          next_attempt_at: now.toISOString(),
          claimed_until: null,
          last_attempt_at: null,
          response_status: null,
          last_error: null,
          created_at: now.toISOString(),
          delivered_at: null,
        };
        await insertDelivery(db, row);
        ctx.webhooks.wake();
        return reply.status(202).send(presentDelivery(row));
      },
    });
  };
}
