// Command: downgrade a paid plan (Basic to Free at once; Standard and Pro at the period end).
import { fail } from "../../http/app-error.js";
import { withUserLock } from "../../minutes/ledger-entries.js";
import { isPaidPlan, subscribedPlan } from "../../plans/plan-limits.js";
import type { User } from "../../users/repo.js";
import type { BillingContext } from "../billing-context.js";
import { mailAccountHolder } from "../mail-account-holder.js";
import { providerError } from "../provider-error.js";
import { currentSubscription, switchToFree } from "../subscription-changes.js";
import { cancelAtPeriodEnd } from "./cancel-at-period-end.js";

/**
 * Downgrade: Basic goes to Free at once (provider subscription cancelled, 20 plan minutes,
 * packs forfeited; the web app asks first, showing the minutes lost); Standard and Pro are
 * cancelled at the period end, the same as `cancelAtPeriodEnd`. 400 ALREADY_FREE on Free.
 * Returns the plan the account is on and when the change takes effect.
 */
export async function downgradeToFree(ctx: BillingContext, { user }: { user: User }) {
  const { db, provider, now } = ctx;
  const subscription = await currentSubscription(db, user.id);
  if (!subscription || !isPaidPlan(subscribedPlan(subscription))) {
    fail("ALREADY_FREE");
  }
  const providerId = subscription.provider_subscription_id;
  if (subscribedPlan(subscription) === "basic") {
    if (providerId) {
      await provider.cancelSubscription(providerId, "now").catch((error: unknown) => {
        throw providerError(ctx.log, error, "Failed to downgrade subscription");
      });
    }
    await withUserLock(db, user.id, (tx) =>
      switchToFree(tx, user.id, `downgrade:${subscription.id}:${now().toISOString()}`, now()),
    );
    await mailAccountHolder(ctx, user.id, { kind: "downgraded-now", product: "basic" });
    return { planType: "free" as const, effective: "now" as const, currentPeriodEnd: null };
  }
  const cancelled = await cancelAtPeriodEnd(ctx, { user });
  return {
    planType: cancelled.planType,
    effective: "period_end" as const,
    currentPeriodEnd: cancelled.currentPeriodEnd,
  };
}
