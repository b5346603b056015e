// Command: the scheduled roll-over of paid plans whose period has ended (renew or lapse to Free).
import { withUserLock } from "../../minutes/ledger-entries.js";
import { PAID_PLAN_TYPES, subscribedPlan } from "../../plans/plan-limits.js";
import type { BillingContext } from "../billing-context.js";
import { renewPlan } from "../subscription-changes.js";
import { lapseToFree } from "./lapse-to-free.js";

/** Which periods to roll. */
export interface RollPaidPeriodsProps {
  /** Roll the paid periods that ended by this moment (default: the context's now). */
  endedBy?: Date;
}

/**
 * The scheduled roll-over of paid plans whose period has ended: renewed when the provider
 * confirms payment for the next period, else (or when cancelled) back to Free. Returns how
 * many subscriptions changed.
 */
export async function rollPaidPeriods(
  ctx: BillingContext,
  { endedBy = ctx.now() }: RollPaidPeriodsProps,
): Promise<number> {
  const { db, provider, log, now } = ctx;
  const due = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("plan_type", "in", PAID_PLAN_TYPES)
    .where("current_period_end", "<=", endedBy.toISOString())
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
        // Free's period starts when the paid one ended, as its minutes did (minute-ledger.ts).
        await lapseToFree(ctx, { userId: subscription.user_id, start: new Date(end) });
      }
      changed++;
    } catch (error) {
      log.error({ err: error, userId: subscription.user_id }, "rolling a paid period failed");
    }
  }
  return changed;
}
