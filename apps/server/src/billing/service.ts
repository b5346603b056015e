import { randomUUID } from "node:crypto";
import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { AppError, fail } from "../http/app-error.js";
import type { Mailer } from "../mail/mailer.js";
import { withUserLock } from "../minutes/ledger-entries.js";
import { creditPack, minuteCredits } from "../minutes/minute-ledger.js";
import { PLANS, type PlanType } from "../minutes/plans.js";
import {
  effectivePlan,
  isPaidPlan,
  mayHoldPacks,
  PAID_PLAN_TYPES,
  packPurchaseRefusal,
  subscribedPlan,
} from "../plans/plan-limits.js";
import { actorOf } from "../policies/actor.js";
import { can, checkout } from "../policies/policies.js";
import { presentSubscription, type SubscriptionView } from "../subscriptions/presenter.js";
import type { PaymentProvider, PurchaseKind } from "../payments/payment-provider.js";
import type { User } from "../users/repo.js";
import { findUserById } from "../users/repo.js";
import { sendBillingMail } from "./billing-mails.js";
import { planBasis, upgradeQuote, type UpgradeQuote } from "./upgrade-credit.js";
import {
  formatUsd,
  parsePackSize,
  planName,
  parsePaidPlan,
  productDescription,
  productPriceCents,
  type PackSize,
} from "./catalog.js";
import {
  checkoutsAwaitingRefund,
  claimCheckout,
  claimCheckoutForRefund,
  findCheckout,
  insertCheckout,
  markCheckoutRefunded,
  type CheckoutRow,
} from "./checkout-repo.js";
import {
  activatePlan,
  currentSubscription,
  markPaymentFailed,
  renewPlan,
  setCancelAtPeriodEnd,
  switchToFree,
} from "./subscription-changes.js";

/** What billing needs. */
export interface BillingServices {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Starts a hosted checkout for a paid plan → `{url}`. */
export async function startPlanCheckout(services: BillingServices, user: User, planParam: string) {
  const plan = parsePaidPlan(planParam);
  const subscription = await currentSubscription(services.db, user.id);
  if (effectivePlan(subscription) === plan && !subscription?.cancel_at_period_end) {
    fail("ALREADY_SUBSCRIBED", { plan });
  }
  const quote = upgradeQuote(subscription, plan, services.now());
  return startCheckout(services, user, "plan", plan, `plan=${plan}`, "/pricing", {
    creditCents: quote.creditCents,
    quotedPlan: planBasis(subscription),
  });
}

/** What moving to a plan costs today, with the credit for an unused paid period. */
export async function quotePlan(
  services: BillingServices,
  user: User,
  planParam: string,
): Promise<UpgradeQuote> {
  const plan = parsePaidPlan(planParam);
  return upgradeQuote(await currentSubscription(services.db, user.id), plan, services.now());
}

/** Starts a hosted checkout for a minute pack → `{url}`; only Basic subscribers may buy one. */
export async function startPackCheckout(services: BillingServices, user: User, packParam: string) {
  const size = parsePackSize(packParam);
  const refusal = packPurchaseRefusal(await currentSubscription(services.db, user.id));
  if (refusal) fail(refusal);
  return startCheckout(services, user, "pack", String(size), `minutes=${size}`, "/account");
}

async function startCheckout(
  { db, config, provider, log, now }: BillingServices,
  user: User,
  kind: PurchaseKind,
  product: string,
  query: string,
  cancelPath: string,
  { creditCents = 0, quotedPlan = null }: { creditCents?: number; quotedPlan?: string | null } = {},
): Promise<{ url: string }> {
  const priceCents = productPriceCents(kind, product);
  // What this checkout takes: the price, less an upgrade's credit (plans renew at the price).
  const amountCents = priceCents - creditCents;
  const successUrl = `${config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}&${query}`;
  const cancelUrl = `${config.publicUrl}${cancelPath}`;
  const created = await provider
    .createCheckout({
      kind,
      product,
      amountCents: priceCents,
      creditCents,
      description: productDescription(kind, product),
      userId: user.id,
      email: user.email,
      successUrl,
      cancelUrl,
    })
    .catch((error: unknown) => {
      throw providerError(log, error, "Failed to create checkout session");
    });
  await insertCheckout(db, {
    id: randomUUID(),
    user_id: user.id,
    provider: provider.name,
    provider_session_id: created.sessionId,
    kind,
    product,
    amount_cents: amountCents,
    created_at: now().toISOString(),
    success_url: successUrl,
    cancel_url: cancelUrl,
    quoted_plan: quotedPlan,
  });
  return { url: created.url };
}

/** The outcome of a confirmed checkout, as the return page shows it. */
export interface Confirmation {
  /** Minutes available now (plan + pack). */
  minutes: number;
  /** Minutes this purchase added (the plan's allowance or the pack's size). */
  minutesAdded: number;
  /** True for the call that granted them; replays answer the same, granting nothing. */
  granted: boolean;
}

/**
 * Confirms a checkout with the provider and grants what was bought, exactly once: a replay, a
 * second tab or the webhook arriving at the same time all answer the same and grant nothing
 * more. `user` is the signed-in buyer (null for the webhook, which the provider vouches for).
 *
 * A pack paid for when the account can no longer hold packs (it moved to Free after the
 * checkout started) is not credited: the payment is refunded through the provider, the buyer
 * is told by e-mail, and every confirmation answers 409 PACK_REFUNDED. Likewise a plan paid for
 * after the plan its price was quoted against changed (another plan checkout paid first, a
 * downgrade, a renewal): its price, upgrade credit included, no longer holds, so it is
 * refunded (409 PLAN_CHANGED_REFUNDED) and the buyer chooses again from the plan they have.
 * Without this, two upgrade checkouts opened side by side would each carry the same credit.
 * No money is kept without minutes delivered.
 */
export async function confirmCheckout(
  services: BillingServices,
  user: User | null,
  { sessionId, kind, product }: { sessionId: string; kind: PurchaseKind; product?: string },
): Promise<Confirmation> {
  const { db, provider, log, now } = services;
  const row = await findCheckout(db, sessionId);
  // The buyer must be the one who started it (the webhook is vouched for by the provider).
  if (!row || (user && !can(actorOf(user, services.config), "confirm", checkout(row)))) {
    fail("CHECKOUT_NOT_FOUND");
  }
  if (row.kind !== kind || (product !== undefined && row.product !== product)) {
    fail("PURCHASE_MISMATCH");
  }
  const minutesAdded =
    kind === "plan" ? PLANS[row.product as PlanType].minutesPerMonth : Number(row.product);
  if (isRefund(row)) return settleRefund(services, row);
  if (row.status === "expired") {
    fail("CHECKOUT_EXPIRED");
  }
  let granted = false;
  if (row.status !== "completed") {
    const state = await provider.retrieveCheckout(sessionId).catch((error: unknown) => {
      throw providerError(log, error, "Failed to confirm payment");
    });
    if (!state) fail("CHECKOUT_NOT_FOUND");
    if (!state.paid) {
      fail("PAYMENT_NOT_COMPLETED");
    }
    if (state.amountCents !== row.amount_cents || (state.currency ?? "usd") !== "usd") {
      log.error(
        {
          sessionId,
          expected: row.amount_cents,
          charged: state.amountCents,
          currency: state.currency,
        },
        "checkout amount disagrees with the price",
      );
      fail("AMOUNT_MISMATCH");
    }
    const previous = await currentSubscription(db, row.user_id);
    let refund = false;
    granted = await withUserLock(db, row.user_id, async (tx) => {
      // Decided under the user's lock, so a downgrade cannot slip between the look and the grant.
      const holding = await currentSubscription(tx, row.user_id);
      const stale =
        kind === "pack"
          ? !mayHoldPacks(holding)
          : row.quoted_plan !== null && row.quoted_plan !== planBasis(holding);
      if (stale) {
        refund = await claimCheckoutForRefund(tx, sessionId, now());
        return false;
      }
      if (!(await claimCheckout(tx, sessionId, state.subscriptionId, now()))) return false;
      if (kind === "plan") {
        await activatePlan(
          tx,
          row.user_id,
          row.product as PlanType,
          {
            subscriptionId: state.subscriptionId,
            periodEnd: state.periodEnd,
            key: `checkout:${sessionId}`,
          },
          now(),
        );
      } else {
        await creditPack(tx, row.user_id, Number(row.product), sessionId, now());
      }
      return true;
    });
    if (refund) return settleRefund(services, { ...row, status: "refunding" });
    if (!granted) {
      // Another confirmation got there first; if it decided on a refund, answer as it does.
      const current = await findCheckout(db, sessionId);
      if (current && isRefund(current)) return settleRefund(services, current);
    }
    if (granted) {
      const replaced = previous?.provider_subscription_id;
      if (kind === "plan" && replaced && replaced !== state.subscriptionId) {
        await provider
          .cancelSubscription(replaced, "now")
          .catch((error: unknown) =>
            log.error(
              { err: error, subscriptionId: replaced },
              "cancelling the replaced plan failed",
            ),
          );
      }
      await mailTo(services, row.user_id, {
        kind: kind === "plan" ? "plan-receipt" : "pack-receipt",
        product: row.product,
        amountCents: row.amount_cents,
        minutes: minutesAdded,
      });
    }
  }
  const credits = await minuteCredits(db, row.user_id, now());
  return { minutes: credits.credits + credits.additionalCredits, minutesAdded, granted };
}

function isRefund(row: CheckoutRow): boolean {
  return row.status === "refunding" || row.status === "refunded";
}

/** The answers a refunded checkout gets, by what was bought. */
export const REFUNDED_CODES = ["PACK_REFUNDED", "PLAN_CHANGED_REFUNDED"] as const;

/**
 * Makes the refund decided for a checkout (again, if an earlier try failed: providers treat a
 * repeat as the same refund), records it once, mails the buyer once, and answers 409
 * PACK_REFUNDED or PLAN_CHANGED_REFUNDED. A provider failure answers 502 and leaves the row
 * `refunding`, to be retried by the next confirmation, the webhook's retry or the hourly sweep.
 */
async function settleRefund(services: BillingServices, row: CheckoutRow): Promise<never> {
  const { db, provider, log, now } = services;
  const sessionId = row.provider_session_id;
  if (row.status === "refunding") {
    const { refundId } = await provider.refund(sessionId).catch((error: unknown) => {
      throw providerError(log, error, "Failed to refund the payment");
    });
    if (await markCheckoutRefunded(db, sessionId, now())) {
      log.info(
        { sessionId, refundId, userId: row.user_id, kind: row.kind },
        row.kind === "plan"
          ? "plan paid after the plan it was priced against changed: refunded, not granted"
          : "pack paid after the account moved to Free: refunded, not credited",
      );
      await mailTo(services, row.user_id, {
        kind: row.kind === "plan" ? "plan-refunded" : "pack-refunded",
        product: row.product,
        amountCents: row.amount_cents,
        minutes:
          row.kind === "plan"
            ? PLANS[row.product as PlanType].minutesPerMonth
            : Number(row.product),
      });
    }
  }
  const paid = { amount: formatUsd(row.amount_cents), amountCents: row.amount_cents };
  if (row.kind === "plan") {
    fail("PLAN_CHANGED_REFUNDED", { plan: planName(row.product as PlanType), ...paid });
  }
  fail("PACK_REFUNDED", { minutes: Number(row.product), ...paid });
}

/** Retries refunds a provider failed to make (run hourly); returns how many went through. */
export async function retryPendingRefunds(services: BillingServices): Promise<number> {
  let refunded = 0;
  for (const row of await checkoutsAwaitingRefund(services.db)) {
    try {
      await settleRefund(services, row);
    } catch (error) {
      if (isRefundedAnswer(error)) refunded++;
      else services.log.error({ err: error, sessionId: row.provider_session_id }, "refund retry");
    }
  }
  return refunded;
}

/** Parses the body of `POST /api/minutes/checkout-complete`. */
export function packFromBody(value: string | number): PackSize {
  return parsePackSize(value);
}

/**
 * Downgrade: Basic goes to Free at once (provider subscription cancelled, 20 plan minutes,
 * packs forfeited; the web app asks first, showing the minutes lost); Standard and Pro are
 * cancelled at the period end, the same as `cancelAtPeriodEnd`.
 */
export async function downgrade(services: BillingServices, user: User) {
  const { db, provider, now } = services;
  const subscription = await currentSubscription(db, user.id);
  if (!subscription || !isPaidPlan(subscribedPlan(subscription))) {
    fail("ALREADY_FREE");
  }
  const providerId = subscription.provider_subscription_id;
  if (subscribedPlan(subscription) === "basic") {
    if (providerId) {
      await provider.cancelSubscription(providerId, "now").catch((error: unknown) => {
        throw providerError(services.log, error, "Failed to downgrade subscription");
      });
    }
    await withUserLock(db, user.id, (tx) =>
      switchToFree(tx, user.id, `downgrade:${subscription.id}:${now().toISOString()}`, now()),
    );
    await mailTo(services, user.id, { kind: "downgraded-now", product: "basic" });
    return { planType: "free" as const, effective: "now" as const, currentPeriodEnd: null };
  }
  const cancelled = await cancelAtPeriodEnd(services, user);
  return {
    planType: cancelled.planType,
    effective: "period_end" as const,
    currentPeriodEnd: cancelled.currentPeriodEnd,
  };
}

/** A paid plan as `GET /api/subscriptions/active` shows it. */
export type PlanState = SubscriptionView;

/** The user's paid plan, or 400 ALREADY_FREE. */
async function paidSubscription(services: BillingServices, user: User) {
  const subscription = await currentSubscription(services.db, user.id);
  if (!subscription || !isPaidPlan(subscribedPlan(subscription))) {
    fail("ALREADY_FREE");
  }
  return subscription;
}

/**
 * Cancel, for every paid plan: the plan and its pack minutes stay usable to the end of the paid
 * period, nothing is charged again, and at the period's end the account moves to Free (the
 * roll-over, or the provider's "ended" event). Undone by `resumeSubscription` until then.
 * Asking again changes nothing.
 */
export async function cancelAtPeriodEnd(services: BillingServices, user: User): Promise<PlanState> {
  const { db, provider, now } = services;
  const subscription = await paidSubscription(services, user);
  if (subscription.cancel_at_period_end) return presentSubscription(subscription);
  const providerId = subscription.provider_subscription_id;
  if (providerId) {
    await provider.cancelSubscription(providerId, "period_end").catch((error: unknown) => {
      throw providerError(services.log, error, "Failed to cancel the subscription");
    });
  }
  await setCancelAtPeriodEnd(db, subscription.id, true, now());
  await mailTo(services, user.id, {
    kind: "downgrade-scheduled",
    product: subscribedPlan(subscription),
    periodEnd: subscription.current_period_end,
  });
  return { ...presentSubscription(subscription), cancelAtPeriodEnd: true };
}

/**
 * Undoes a cancellation while the paid period runs: the plan renews again as before. After
 * the period's end it is too late (409 PLAN_ENDED: the account is, or is about to be, Free).
 * Asking when nothing was cancelled changes nothing.
 */
export async function resumeSubscription(
  services: BillingServices,
  user: User,
): Promise<PlanState> {
  const { db, provider, now } = services;
  const subscription = await currentSubscription(db, user.id);
  const end = subscription?.current_period_end;
  if (
    !subscription ||
    !isPaidPlan(subscribedPlan(subscription)) ||
    !end ||
    end <= now().toISOString()
  ) {
    fail("PLAN_ENDED");
  }
  if (!subscription.cancel_at_period_end) return presentSubscription(subscription);
  const providerId = subscription.provider_subscription_id;
  if (providerId) {
    await provider.resumeSubscription(providerId).catch((error: unknown) => {
      throw providerError(services.log, error, "Failed to resume the subscription");
    });
  }
  await setCancelAtPeriodEnd(db, subscription.id, false, now());
  return { ...presentSubscription(subscription), cancelAtPeriodEnd: false };
}

/**
 * The scheduled roll-over of paid plans whose period has ended: renewed when the provider
 * confirms payment for the next period, else (or when cancelled) back to Free. Returns how
 * many subscriptions changed.
 */
export async function rollPaidPeriods(services: BillingServices): Promise<number> {
  const { db, provider, log, now } = services;
  const due = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("plan_type", "in", PAID_PLAN_TYPES)
    .where("current_period_end", "<=", now().toISOString())
    .execute();
  let changed = 0;
  for (const subscription of due) {
    const end = subscription.current_period_end ?? now().toISOString();
    try {
      const state =
        subscription.cancel_at_period_end || !subscription.provider_subscription_id
          ? { active: false, periodEnd: null }
          : await provider.subscriptionState(subscription.provider_subscription_id, new Date(end));
      if (state.active && state.periodEnd && state.periodEnd.toISOString() > end) {
        const to = state.periodEnd;
        await withUserLock(db, subscription.user_id, (tx) =>
          renewPlan(
            tx,
            subscription.user_id,
            subscribedPlan(subscription),
            { from: end, to },
            now(),
          ),
        );
      } else {
        // Stop a subscription the provider still retries (past due), so it cannot charge later.
        const providerId = subscription.provider_subscription_id;
        if (providerId && !subscription.cancel_at_period_end) {
          await provider
            .cancelSubscription(providerId, "now")
            .catch((error: unknown) =>
              log.error(
                { err: error, subscriptionId: providerId },
                "cancelling a lapsed plan failed",
              ),
            );
        }
        await lapseToFree(services, subscription.user_id, `lapse:${subscription.user_id}:${end}`);
      }
      changed++;
    } catch (error) {
      log.error({ err: error, userId: subscription.user_id }, "rolling a paid period failed");
    }
  }
  return changed;
}

/** A paid plan ends (period over, cancelled at the provider): back to Free, with an e-mail. */
export async function lapseToFree(services: BillingServices, userId: string, key: string) {
  const before = await currentSubscription(services.db, userId);
  if (!before || !isPaidPlan(subscribedPlan(before))) return;
  await withUserLock(services.db, userId, (tx) => switchToFree(tx, userId, key, services.now()));
  await mailTo(services, userId, { kind: "lapsed", product: subscribedPlan(before) });
}

/**
 * Provider events about a subscription (the Stripe webhook): renewed, unpaid, or ended. Events
 * may arrive in any order: a renewal or a failed payment for a period no later than the one
 * the plan already runs to changes nothing.
 */
export async function subscriptionEvent(
  services: BillingServices,
  subscriptionId: string,
  event:
    | { type: "renewed"; periodEnd: Date }
    | { type: "payment_failed"; periodEnd: Date | null }
    | { type: "ended" },
): Promise<void> {
  const { db, now } = services;
  const subscription = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("provider_subscription_id", "=", subscriptionId)
    .executeTakeFirst();
  if (!subscription) return;
  if (event.type === "ended") {
    await lapseToFree(services, subscription.user_id, `ended:${subscriptionId}`);
  } else if (event.type === "payment_failed") {
    // A failed attempt for a period already paid (its retry succeeded, and the failure was
    // delivered late): the plan stays active.
    const end = subscription.current_period_end;
    if (event.periodEnd && end && event.periodEnd.toISOString() <= end) return;
    await markPaymentFailed(db, subscription.id, now());
  } else {
    const end = subscription.current_period_end ?? now().toISOString();
    if (event.periodEnd.toISOString() <= end) return; // already at (or past) this period
    await withUserLock(db, subscription.user_id, (tx) =>
      renewPlan(
        tx,
        subscription.user_id,
        subscribedPlan(subscription),
        { from: end, to: event.periodEnd },
        now(),
      ),
    );
  }
}

async function mailTo(
  services: BillingServices,
  userId: string,
  mail: Parameters<typeof sendBillingMail>[2],
): Promise<void> {
  const user = await findUserById(services.db, userId);
  if (user) await sendBillingMail(services, user, mail);
}

/** A provider failure, as a 502 with a plain message; the cause goes to the log. */
function providerError(log: FastifyBaseLogger, error: unknown, message: string): unknown {
  if (error instanceof AppError) return error;
  log.error({ err: error }, `payment provider: ${message}`);
  return new AppError("PAYMENT_PROVIDER_ERROR");
}

/** Rolls due paid periods and retries failed refunds at start and every hour; returns a stop function. */
export function scheduleBillingRollover(services: BillingServices): () => void {
  const run = async (): Promise<void> => {
    await rollPaidPeriods(services).catch((error: unknown) =>
      services.log.error({ err: error }, "billing roll-over failed"),
    );
    await retryPendingRefunds(services).catch((error: unknown) =>
      services.log.error({ err: error }, "refund retries failed"),
    );
  };
  const job = new Cron("23 * * * *", { protect: true }, run);
  void run();
  return () => job.stop();
}

/** Whether an error is the answer a refunded checkout gets (handled, not a failure). */
export function isRefundedAnswer(error: unknown): boolean {
  return error instanceof AppError && (REFUNDED_CODES as readonly string[]).includes(error.code);
}
