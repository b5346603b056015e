// Command: undo a cancellation while the paid period runs.
import { fail } from "../../http/app-error.js";
import { isPaidPlan, subscribedPlan } from "../../plans/plan-limits.js";
import { presentSubscription } from "../../subscriptions/presenter.js";
import type { User } from "../../users/repo.js";
import type { BillingContext } from "../billing-context.js";
import { providerError } from "../provider-error.js";
import { currentSubscription, setCancelAtPeriodEnd } from "../subscription-changes.js";
import type { PlanState } from "./cancel-at-period-end.js";

/**
 * Undoes a cancellation while the paid period runs: the plan renews again as before. After
 * the period's end it is too late (409 PLAN_ENDED: the account is, or is about to be, Free).
 * Asking when nothing was cancelled changes nothing. Returns the plan as it is now.
 */
export async function resumeSubscription(
  ctx: BillingContext,
  { user }: { user: User },
): Promise<PlanState> {
  const { db, provider, now } = ctx;
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
      throw providerError(ctx.log, error, "Failed to resume the subscription");
    });
  }
  await setCancelAtPeriodEnd(db, subscription.id, false, now());
  return { ...presentSubscription(subscription), cancelAtPeriodEnd: false };
}
