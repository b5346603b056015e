// Command: the scheduled roll-over of paid plans whose period has ended (and its schedule).
import { Cron } from "croner";
import { withUserLock } from "../../minutes/ledger-entries.js";
import { PAID_PLAN_TYPES, subscribedPlan } from "../../plans/plan-limits.js";
import type { BillingContext } from "../billing-context.js";
import { renewPlan } from "../subscription-changes.js";
import { lapseToFree } from "./apply-subscription-event.js";
import { retryPendingRefunds } from "./settle-refund.js";

/**
 * The scheduled roll-over of paid plans whose period has ended: renewed when the provider
 * confirms payment for the next period, else (or when cancelled) back to Free. Returns how
 * many subscriptions changed.
 */
export async function rollPaidPeriods(ctx: BillingContext): Promise<number> {
  const { db, provider, log, now } = ctx;
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

/** Rolls due paid periods and retries failed refunds at start and every hour; returns a stop function. */
export function scheduleBillingRollover(ctx: BillingContext): () => void {
  const run = async (): Promise<void> => {
    await rollPaidPeriods(ctx).catch((error: unknown) =>
      ctx.log.error({ err: error }, "billing roll-over failed"),
    );
    await retryPendingRefunds(ctx).catch((error: unknown) =>
      ctx.log.error({ err: error }, "refund retries failed"),
    );
  };
  const job = new Cron("23 * * * *", { protect: true }, run);
  void run();
  return () => job.stop();
}
