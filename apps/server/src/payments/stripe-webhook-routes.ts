import { ErrorResponse, WebhookReceived } from "@verbatim/contract/api";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import Stripe from "stripe";
import {
  expireCheckout,
  findCheckout,
  forgetPaymentEvent,
  recordPaymentEvent,
} from "../billing/checkout-repo.js";
import type { BillingContext } from "../billing/billing-context.js";
import { applySubscriptionEvent } from "../billing/commands/apply-subscription-event.js";
import { confirmCheckout } from "../billing/commands/confirm-checkout.js";
import { isRefundedAnswer } from "../billing/refund-answer.js";
import { AppError } from "../http/app-error.js";
import type { PurchaseKind } from "./payment-provider.js";

/**
 * POST /api/payments/stripe/webhook: Stripe's events, signed with STRIPE_WEBHOOK_SECRET.
 * Completed checkouts are granted (once, however often the event or the return page arrive);
 * expired checkouts stop being pending (nothing is granted for them); subscription invoices
 * renew or suspend the plan; a deleted subscription falls back to Free.
 * Each event id is handled once; unknown events are acknowledged and ignored.
 *
 * The plugin is encapsulated (not fastify-plugin): its raw-body JSON parser applies to this
 * route only, every other route keeps the app's JSON parsing.
 */
export function stripeWebhookRoutes(ctx: BillingContext): FastifyPluginAsync {
  const secret = ctx.config.payments.stripeWebhookSecret;
  if (!secret) throw new Error("The Stripe webhook needs STRIPE_WEBHOOK_SECRET.");
  return async (plugin) => {
    // The signature covers the exact bytes Stripe sent: keep them, parse nothing.
    plugin.removeContentTypeParser("application/json");
    plugin.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );

    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/payments/stripe/webhook",
      {
        schema: {
          summary: "Stripe webhook (signed events: checkouts, invoices, subscriptions)",
          tags: ["billing"],
          response: { 200: WebhookReceived, 400: ErrorResponse },
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const body: unknown = request.body;
        if (typeof signature !== "string" || signature === "") {
          throw invalidSignature("The Stripe-Signature header is missing.");
        }
        if (!Buffer.isBuffer(body) && typeof body !== "string") {
          throw invalidSignature("The webhook body is missing.");
        }
        let event: Stripe.Event;
        try {
          event = Stripe.webhooks.constructEvent(body, signature, secret);
        } catch (error) {
          request.log.warn({ err: error }, "stripe webhook: bad signature");
          throw invalidSignature("The webhook signature does not match.");
        }
        if (!(await recordEvent(ctx, event))) {
          request.log.info({ eventId: event.id, type: event.type }, "stripe webhook: replay");
          return { received: true as const };
        }
        try {
          await handleEvent(ctx, event, request.log);
        } catch (error) {
          if (error instanceof AppError && error.status < 500) {
            // The event can never succeed (a mismatch, an unpaid session): retries won't help.
            request.log.error(
              { err: error, eventId: event.id, type: event.type },
              "stripe webhook: event refused",
            );
            return { received: true as const };
          }
          // A passing failure (database, Stripe): forget the event so Stripe's retry is handled.
          await forgetEvent(ctx, event.id).catch(() => undefined);
          throw error;
        }
        return { received: true as const };
      },
    );
  };
}

function invalidSignature(reason: string): AppError {
  return new AppError("INVALID_SIGNATURE", { reason });
}

/** Records the event id; false when it was seen before (a replay or a concurrent delivery). */
function recordEvent({ db, now }: BillingContext, event: Stripe.Event): Promise<boolean> {
  return recordPaymentEvent(db, { id: event.id, provider: "stripe", type: event.type }, now());
}

function forgetEvent({ db }: BillingContext, eventId: string): Promise<void> {
  return forgetPaymentEvent(db, eventId);
}

async function handleEvent(
  ctx: BillingContext,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const row = await findCheckout(ctx.db, session.id);
      if (!row || row.provider !== "stripe") {
        // Another integration on the same account, or a session from another environment.
        log.warn({ sessionId: session.id, eventId: event.id }, "stripe webhook: unknown session");
        return;
      }
      if (session.payment_status !== "paid") {
        // Delayed methods (bank debits): async_payment_succeeded will follow.
        log.info({ sessionId: session.id }, "stripe webhook: checkout completed, not paid yet");
        return;
      }
      try {
        await confirmCheckout(ctx, {
          user: null,
          sessionId: session.id,
          kind: row.kind as PurchaseKind,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === "CHECKOUT_NOT_FOUND") {
          log.warn({ sessionId: session.id }, "stripe webhook: checkout not found");
          return;
        }
        if (isRefundedAnswer(error)) {
          // Handled: what was bought could not be delivered and its payment went back (or had).
          log.info({ sessionId: session.id }, "stripe webhook: refunded, not granted");
          return;
        }
        throw error;
      }
      return;
    }
    case "checkout.session.expired": {
      // The buyer never paid and the session can no longer be paid: it stops being pending.
      // Only an open session expires; a granted or refunded one is left as it is.
      const session = event.data.object;
      if (!(await expireCheckout(ctx.db, session.id))) {
        log.info({ sessionId: session.id, eventId: event.id }, "stripe webhook: nothing to expire");
      }
      return;
    }
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const invoice = event.data.object;
      if (invoice.billing_reason !== "subscription_cycle") return; // the first one is the checkout
      const subscriptionId = invoiceSubscription(invoice);
      if (!subscriptionId) return;
      const periodEnd =
        invoicePeriodEnd(invoice) ??
        (await ctx.provider.subscriptionState(subscriptionId, ctx.now())).periodEnd;
      if (!periodEnd) {
        log.warn({ subscriptionId, eventId: event.id }, "stripe webhook: renewal without period");
        return;
      }
      await applySubscriptionEvent(ctx, {
        subscriptionId,
        event: { type: "renewed", periodEnd },
      });
      return;
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscription(invoice);
      if (subscriptionId) {
        await applySubscriptionEvent(ctx, {
          subscriptionId,
          event: { type: "payment_failed", periodEnd: invoicePeriodEnd(invoice) },
        });
      }
      return;
    }
    case "customer.subscription.deleted":
      await applySubscriptionEvent(ctx, {
        subscriptionId: event.data.object.id,
        event: { type: "ended" },
      });
      return;
    default:
      return;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * The subscription an invoice bills: `parent.subscription_details` (API 2025-03-31 and later),
 * its subscription lines, or the older top-level `subscription`.
 */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  for (const line of invoice.lines?.data ?? []) {
    const fromLine =
      line.parent?.subscription_item_details?.subscription ?? idOf(line.subscription);
    if (fromLine) return fromLine;
  }
  return idOf((invoice as { subscription?: string | { id: string } | null }).subscription);
}

/** The end of the period a renewal invoice pays for: the latest end among its lines. */
function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const ends = (invoice.lines?.data ?? [])
    .map((line) => line.period?.end)
    .filter((end): end is number => typeof end === "number" && end > 0);
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
}
