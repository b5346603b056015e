import type { ActiveSubscription } from "@verbatim/contract/api";
import type { Selectable } from "kysely";
import type { z } from "zod";
import type { SubscriptionsTable } from "../db/schema.js";
import { addMonths } from "../minutes/billing-period.js";
import { effectivePlan, isPaidPlan, planLimits, subscribedPlan } from "../plans/plan-limits.js";

/** A subscription as `GET /api/subscriptions/active` (and cancel, resume) show it. */
export type SubscriptionView = z.infer<typeof ActiveSubscription>;

/**
 * Shapes a subscription row for the API: its plan and status, when the period ends (for Free,
 * when its minutes next reset), whether a paid plan was cancelled at that end, and the limit on
 * open uploads of the plan that applies now (plan-limits.ts: the effective plan's, so that
 * clients never work it out from the plan subscribed).
 */
export function presentSubscription(
  row: Pick<
    Selectable<SubscriptionsTable>,
    "plan_type" | "status" | "current_period_start" | "current_period_end" | "cancel_at_period_end"
  >,
): SubscriptionView {
  const plan = subscribedPlan(row);
  return {
    planType: plan,
    status: row.status as SubscriptionView["status"],
    currentPeriodEnd:
      row.current_period_end ?? addMonths(new Date(row.current_period_start), 1).toISOString(),
    cancelAtPeriodEnd: isPaidPlan(plan) && Boolean(row.cancel_at_period_end),
    openUploads: planLimits(effectivePlan(row)).openUploads,
  };
}
