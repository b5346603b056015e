// Command: apply a provider event about a subscription (renewed, unpaid, ended); lapse to Free.
import { withUserLock } from "../../minutes/ledger-entries.js";
import { subscribedPlan } from "../../plans/plan-limits.js";
import type { BillingContext } from "../billing-context.js";
import { markPaymentFailed, renewPlan } from "../subscription-changes.js";
import { lapseToFree } from "./lapse-to-free.js";

/** What the provider says happened to a subscription. */
export type SubscriptionEvent =
  | { type: "renewed"; periodEnd: Date }
  | { type: "payment_failed"; periodEnd: Date | null }
  | { type: "ended" };

/** What an event changed: nothing (unknown subscription, stale or repeated event), or what. */
export type SubscriptionEventOutcome = "unchanged" | "renewed" | "payment_failed" | "lapsed";

/**
 * Provider events about a subscription (the Stripe webhook): renewed, unpaid, or ended. Events
 * may arrive in any order: a renewal or a failed payment for a period no later than the one
 * the plan already runs to changes nothing.
 */
export async function applySubscriptionEvent(
  ctx: BillingContext,
  { subscriptionId, event }: { subscriptionId: string; event: SubscriptionEvent },
): Promise<SubscriptionEventOutcome> {
  const { db, now } = ctx;
  const subscription = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("provider_subscription_id", "=", subscriptionId)
    .executeTakeFirst();
  if (!subscription) return "unchanged";
  if (event.type === "ended") {
    const lapsed = await lapseToFree(ctx, { userId: subscription.user_id });
    return lapsed ? "lapsed" : "unchanged";
  }
  if (event.type === "payment_failed") {
    // A failed attempt for a period already paid (its retry succeeded, and the failure was
    // delivered late): the plan stays active.
    const end = subscription.current_period_end;
    if (event.periodEnd && end && event.periodEnd.toISOString() <= end) return "unchanged";
    await markPaymentFailed(db, subscription.id, now());
    return "payment_failed";
  }
  const end = subscription.current_period_end ?? now().toISOString();
  if (event.periodEnd.toISOString() <= end) return "unchanged"; // already at (or past) this period
  await withUserLock(db, subscription.user_id, (tx) =>
    renewPlan(
      tx,
      subscription.user_id,
      subscribedPlan(subscription),
      { from: end, to: event.periodEnd },
      now(),
    ),
  );
  return "renewed";
}
