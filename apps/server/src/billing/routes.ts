import {
  ActiveSubscription,
  CheckoutResponse,
  DowngradeResponse,
  errorResponses,
  MinutesAdded,
  PackCheckoutDone,
  PackParams,
  PlanCheckoutDone,
  PlanParams,
  QuoteQuery,
  UpgradeQuote,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import type { BillingContext } from "./billing-context.js";
import { parsePackSize, parsePaidPlan } from "./catalog.js";
import { cancelAtPeriodEnd } from "./commands/cancel-at-period-end.js";
import { confirmCheckout } from "./commands/confirm-checkout.js";
import { downgradeToFree } from "./commands/downgrade-to-free.js";
import { resumeSubscription } from "./commands/resume-subscription.js";
import { quotePlan } from "./commands/quote-plan.js";
import { startPackCheckout } from "./commands/start-pack-checkout.js";
import { startPlanCheckout } from "./commands/start-plan-checkout.js";

/**
 * Plans, packs, confirmations and downgrade; the user is always the signed-in one. Each route
 * parses, authorises (signed in), runs one command from ./commands and presents its answer.
 */
export function billingRoutes(ctx: BillingContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];

    app.post(
      "/api/subscriptions/checkout-complete",
      {
        ...auth,
        schema: {
          summary: "Confirm a plan checkout and grant its minutes (once per session)",
          tags: ["billing"],
          security,
          description:
            "409 PLAN_CHANGED_REFUNDED: the plan its price was quoted against changed before the " +
            "payment was confirmed (another plan checkout was paid first, a downgrade, a " +
            "renewal); the plan was not started and the payment was refunded.",
          body: PlanCheckoutDone,
          response: {
            200: MinutesAdded,
            ...errorResponses(400, 401, 402, 404, 409, 410, 502),
          },
        },
      },
      async (request) => {
        const plan = parsePaidPlan(request.body.planType);
        const done = await confirmCheckout(ctx, {
          user: currentUser(request),
          sessionId: request.body.sessionId,
          kind: "plan",
          product: plan,
        });
        return { minutes: done.minutes, minutesAdded: done.minutesAdded };
      },
    );

    app.post(
      "/api/subscriptions/cancel",
      {
        ...auth,
        schema: {
          summary: "Cancel a paid plan at the end of its period (undo with resume until then)",
          tags: ["billing"],
          security,
          description:
            "Any paid plan. Nothing is charged again; the plan's minutes and pack minutes stay " +
            "usable until currentPeriodEnd, when the account moves to Free (pack minutes are " +
            "then forfeited). Asking again changes nothing. 400 ALREADY_FREE on the Free plan.",
          response: {
            200: ActiveSubscription,
            ...errorResponses(400, 401, 502),
          },
        },
      },
      async (request) => cancelAtPeriodEnd(ctx, { user: currentUser(request) }),
    );

    app.post(
      "/api/subscriptions/resume",
      {
        ...auth,
        schema: {
          summary: "Undo a cancellation before the period ends: the plan renews again",
          tags: ["billing"],
          security,
          description:
            "Asking when nothing was cancelled changes nothing. 409 PLAN_ENDED: the paid " +
            "period is over (or the account is on Free); choose a plan again.",
          response: {
            200: ActiveSubscription,
            ...errorResponses(401, 409, 502),
          },
        },
      },
      async (request) => resumeSubscription(ctx, { user: currentUser(request) }),
    );

    app.post(
      "/api/subscriptions/downgrade",
      {
        ...auth,
        schema: {
          summary:
            "Downgrade: Basic to Free at once (plan and pack minutes lost); Standard and Pro as cancel",
          tags: ["billing"],
          security,
          description:
            "Basic moves to Free now: the plan's remaining minutes and all pack minutes are " +
            "lost and nothing is refunded. To keep them to the period's end, use " +
            "POST /api/subscriptions/cancel instead. Standard and Pro: the same as cancel.",
          response: {
            200: DowngradeResponse,
            ...errorResponses(400, 401, 502),
          },
        },
      },
      async (request) => downgradeToFree(ctx, { user: currentUser(request) }),
    );

    app.get(
      "/api/subscriptions/quote",
      {
        ...auth,
        schema: {
          summary: "What moving to a plan costs today (an upgrade credits the unused paid period)",
          tags: ["billing"],
          security,
          querystring: QuoteQuery,
          response: {
            200: UpgradeQuote,
            ...errorResponses(400, 401),
          },
        },
      },
      async (request) => quotePlan(ctx, { user: currentUser(request), plan: request.query.plan }),
    );

    app.post(
      "/api/subscriptions/:planType",
      {
        ...auth,
        schema: {
          summary: "Start a hosted checkout for a plan (basic, standard, pro)",
          tags: ["billing"],
          security,
          params: PlanParams,
          response: { 200: CheckoutResponse, ...errorResponses(400, 401, 409, 502) },
        },
      },
      async (request) =>
        startPlanCheckout(ctx, { user: currentUser(request), plan: request.params.planType }),
    );

    app.post(
      "/api/minutes/checkout-complete",
      {
        ...auth,
        schema: {
          summary: "Confirm a minute-pack checkout and add its minutes (once per session)",
          tags: ["billing"],
          security,
          description:
            "409 PACK_REFUNDED: the account moved to the Free plan before the payment was " +
            "confirmed; the pack was not added and the payment was refunded.",
          body: PackCheckoutDone,
          response: {
            200: MinutesAdded,
            ...errorResponses(400, 401, 402, 404, 409, 410, 502),
          },
        },
      },
      async (request) => {
        const size = parsePackSize(request.body.minutesPack);
        const done = await confirmCheckout(ctx, {
          user: currentUser(request),
          sessionId: request.body.sessionId,
          kind: "pack",
          product: String(size),
        });
        return { minutes: done.minutes, minutesAdded: done.minutesAdded };
      },
    );

    app.post(
      "/api/minutes/:pack",
      {
        ...auth,
        schema: {
          summary: "Start a hosted checkout for a minute pack (500 or 1000; Basic plan only)",
          tags: ["billing"],
          security,
          params: PackParams,
          response: { 200: CheckoutResponse, ...errorResponses(400, 401, 403, 502) },
        },
      },
      async (request) =>
        startPackCheckout(ctx, { user: currentUser(request), pack: request.params.pack }),
    );
  };
}
