import { z } from "zod";
import { LinkUrl } from "./links.js";

/** The events a webhook may receive. */
export const WEBHOOK_EVENTS = [
  "transcription.completed",
  "transcription.failed",
  "transcription.cancelled",
  "translation.completed",
  "translation.failed",
  "insights.completed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The most webhooks one account may have. */
export const MAX_WEBHOOKS = 10;

/** POST /api/webhooks. */
export const CreateWebhookBody = z.object({
  url: LinkUrl.describe(
    "Where deliveries are POSTed: a public http or https address (the same rules as URL import; private, loopback and metadata addresses are refused with 400 `URL_NOT_ALLOWED`).",
  ),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, "events must name at least one event")
    .default([...WEBHOOK_EVENTS])
    .describe("The events it receives (default: all)."),
});
export type CreateWebhookInput = z.input<typeof CreateWebhookBody>;

/** A webhook as listed. */
export const WebhookSummary = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string().describe("When it was registered (ISO-8601)."),
});

/** A new webhook: its signing secret is shown this once. */
export const WebhookCreated = WebhookSummary.extend({
  secret: z
    .string()
    .describe(
      'Signs every delivery: `Verbatim-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. Shown only now.',
    ),
});

/** One delivery of an event to an endpoint. */
export const WebhookDelivery = z.object({
  id: z.string().describe("Sent as the `Verbatim-Delivery` header (the same on every attempt)."),
  eventId: z.string(),
  type: z.string(),
  transcriptionId: z.string().nullable(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string().describe("When the event was written (ISO-8601)."),
  lastAttemptAt: z.string().nullable().describe("The latest attempt (ISO-8601)."),
  nextAttemptAt: z.string().nullable().describe("The next attempt, while pending (ISO-8601)."),
  deliveredAt: z.string().nullable().describe("When a 2xx answer came (ISO-8601)."),
});

/** The secret that signs per-request callbacks (`callback_url`). */
export const CallbackSecret = z.object({ secret: z.string() });

/** A webhook's id in its routes. */
export const WebhookIdParams = z.object({ id: z.string().max(100) });
