import { z } from "zod";
import { PAID_PLANS, PLAN_TYPES, SUBSCRIPTION_STATUSES } from "../plans.js";

// Plans and minute packs: hosted checkouts, their confirmation, the price of an upgrade, the
// downgrade, the current plan, and the payment provider's webhook.

/** Where to send the browser to pay. */
export const CheckoutResponse = z.object({ url: z.string() });

const SessionId = z.string().trim().min(1, "Payment session information is missing").max(255);

/** POST /api/subscriptions/checkout-complete. */
export const PlanCheckoutDone = z.object({ sessionId: SessionId, planType: z.string().max(20) });

/** POST /api/minutes/checkout-complete. */
export const PackCheckoutDone = z.object({
  sessionId: SessionId,
  minutesPack: z.union([z.string().max(10), z.number()]),
});

/** What a confirmed purchase answers. */
export const MinutesAdded = z.object({
  minutes: z.number().int().describe("Minutes available now (plan and packs), in whole minutes."),
  minutesAdded: z.number().int().describe("Minutes this purchase added, in whole minutes."),
});

/** POST /api/subscriptions/downgrade. */
export const DowngradeResponse = z.object({
  planType: z.string(),
  effective: z.enum(["now", "period_end"]),
  currentPeriodEnd: z.string().nullable(),
});

/** GET /api/subscriptions/quote query. */
export const QuoteQuery = z.object({ plan: z.string().max(40) });

/** What moving to a paid plan costs today (an upgrade's credit taken off). */
export const UpgradeQuote = z.object({
  plan: z.enum(PAID_PLANS),
  /** The new plan's monthly price. */
  priceCents: z.number().int().describe("The plan's monthly price, in US cents."),
  /** The unused part of the current paid period, taken off the first payment. */
  creditCents: z
    .number()
    .int()
    .describe(
      "Taken off the first payment for the unused part of the current paid period, in US cents.",
    ),
  /** The first payment: price less credit. */
  dueCents: z.number().int().describe("The first payment, in US cents."),
  /** The plan the credit comes from, when there is one. */
  creditFrom: z.string().nullable().describe("The plan the credit comes from."),
});

/** POST /api/subscriptions/:planType. */
export const PlanParams = z.object({ planType: z.string().max(40) });

/** POST /api/minutes/:pack. */
export const PackParams = z.object({ pack: z.string().max(20) });

/** GET /api/subscriptions/active: the user's plan, status and period end. */
export const ActiveSubscription = z.object({
  planType: z.enum(PLAN_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** End of the current billing period; for Free, when its minutes next reset. */
  currentPeriodEnd: z.string().nullable(),
  /** Cancelled: the plan ends at currentPeriodEnd and the account moves to Free (undo: resume). */
  cancelAtPeriodEnd: z
    .boolean()
    .describe(
      "The plan was cancelled: it stays usable until currentPeriodEnd, then the account moves " +
        "to Free. POST /api/subscriptions/resume undoes it until then.",
    ),
  /** Unfinished uploads the plan that applies now allows (Free's while a payment has failed). */
  openUploads: z
    .number()
    .int()
    .positive()
    .describe(
      "How many unfinished (chunked) uploads the account may hold at once now: the limit of the " +
        "plan that applies now, which is Free's while a renewal's payment has failed (a further " +
        "upload gets 429 TOO_MANY_UPLOADS).",
    ),
});

/** The answer to the payment provider's webhook. */
export const WebhookReceived = z.object({ received: z.literal(true) });
