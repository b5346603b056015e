// Command: cancel a paid plan at the end of its period.
import { fail } from "../../http/app-error.js";
import { isPaidPlan, subscribedPlan } from "../../plans/plan-limits.js";
import { presentSubscription, type SubscriptionView } from "../../subscriptions/presenter.js";
import type { User } from "../../users/repo.js";
import type { BillingContext } from "../billing-context.js";
import { mailAccountHolder } from "../mail-account-holder.js";
import { providerError } from "../provider-error.js";
import { currentSubscription, setCancelAtPeriodEnd } from "../subscription-changes.js";

/** A paid plan as `GET /api/subscriptions/active` shows it. */
export type PlanState = SubscriptionView;

/**
 * Cancel, for every paid plan: the plan and its pack minutes stay usable to the end of the paid
 * period, nothing is charged again, and at the period's end the account moves to Free (the
 * roll-over, or the provider's "ended" event). Undone by `resumeSubscription` until then.
 * Asking again changes nothing. 400 ALREADY_FREE on the Free plan. Returns the plan as it is now.
 */
export async function cancelAtPeriodEnd(
  ctx: BillingContext,
  { user }: { user: User },
): Promise<PlanState> {
  const { db, provider, now } = ctx;
  const subscription = await currentSubscription(db, user.id);
  if (!subscription || !isPaidPlan(subscribedPlan(subscription))) {
    fail("ALREADY_FREE");
  }
  if (subscription.cancel_at_period_end) return presentSubscription(subscription);
  const providerId = subscription.provider_subscription_id;
  if (providerId) {
    await provider.cancelSubscription(providerId, "period_end").catch((error: unknown) => {
      throw providerError(ctx.log, error, "Failed to cancel the subscription");
    });
  }
  await setCancelAtPeriodEnd(db, subscription.id, true, now());
  await mailAccountHolder(ctx, user.id, {
    kind: "downgrade-scheduled",
    product: subscribedPlan(subscription),
    periodEnd: subscription.current_period_end,
  });
  return { ...presentSubscription(subscription), cancelAtPeriodEnd: true };
}
