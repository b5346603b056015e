import { PLANS, type PaidPlan } from "@verbatim/contract";
import type { UpgradeQuote as UpgradeQuoteSchema } from "@verbatim/contract/api";
import type { z } from "zod";
import { effectivePlan, isPaidPlan, subscribedPlan } from "../plans/plan-limits.js";

/** The smallest first payment an upgrade asks for (Stripe's minimum charge in US dollars). */
export const MIN_CHARGE_CENTS = 50;

/** The subscription fields the credit depends on. */
export interface PaidPeriod {
  plan_type: string;
  status: string;
  current_period_start: string;
  current_period_end: string | null;
  provider_subscription_id: string | null;
}

/** What an upgrade costs today. */
export type UpgradeQuote = z.output<typeof UpgradeQuoteSchema>;

/**
 * The price of moving to `plan` now. A move up from a paid plan credits the part of the paid
 * period not yet used, in proportion to time left (as Stripe prorates), against the first
 * payment of the new plan, whose period starts today; the rest of that period's minutes go with
 * the old plan. No credit for Free, for a plan the provider never charged (an admin's grant), for
 * a move down or sideways (those wait for the period end), or for a period that has ended. The
 * first payment never drops below the provider's minimum charge.
 */
export function upgradeQuote(
  current: PaidPeriod | undefined,
  plan: PaidPlan,
  now: Date,
): UpgradeQuote {
  const priceCents = PLANS[plan].priceCents;
  const none = { plan, priceCents, creditCents: 0, dueCents: priceCents, creditFrom: null };
  if (!current || current.provider_subscription_id === null) return none;
  const from = effectivePlan(current); // Free unless the paid plan is active
  if (!isPaidPlan(from) || PLANS[from].priceCents >= priceCents) return none;
  const start = Date.parse(current.current_period_start);
  const end = current.current_period_end ? Date.parse(current.current_period_end) : NaN;
  if (!(end > start)) return none;
  const left = Math.min(end - now.getTime(), end - start);
  if (left <= 0) return none;
  const earned = Math.floor((PLANS[from].priceCents * left) / (end - start));
  const creditCents = Math.max(0, Math.min(earned, priceCents - MIN_CHARGE_CENTS));
  return { plan, priceCents, creditCents, dueCents: priceCents - creditCents, creditFrom: from };
}

/**
 * What a plan checkout's price rests on: the current plan and, for a paid one, its provider
 * subscription and period (the upgrade credit comes from them). When it differs at payment time
 * (another plan checkout was paid first, the plan was downgraded or renewed), the quote is stale.
 * Free's monthly resets do not change it: moving up from Free carries no credit.
 */
export function planBasis(current: PaidPeriod | undefined): string {
  if (!current || !isPaidPlan(subscribedPlan(current))) return "free";
  return [
    current.plan_type,
    current.status,
    current.provider_subscription_id ?? "",
    current.current_period_start,
  ].join("|");
}
