// Command: start a hosted checkout for a paid plan, priced less the credit for an unused period.
import { fail } from "../../http/app-error.js";
import { effectivePlan } from "../../plans/plan-limits.js";
import type { User } from "../../users/repo.js";
import type { BillingContext } from "../billing-context.js";
import { parsePaidPlan } from "../catalog.js";
import { openCheckout } from "../open-checkout.js";
import { currentSubscription } from "../subscription-changes.js";
import { planBasis, upgradeQuote } from "../upgrade-credit.js";

/**
 * Starts a hosted checkout for a paid plan → `{url}`. `plan` is the raw route parameter (400 for
 * an unknown plan); 409 ALREADY_SUBSCRIBED when the user already has it and has not cancelled.
 * The price is less the credit for an unused paid period, quoted against the plan held now.
 */
export async function startPlanCheckout(
  ctx: BillingContext,
  { user, plan: planParam }: { user: User; plan: string },
): Promise<{ url: string }> {
  const plan = parsePaidPlan(planParam);
  const subscription = await currentSubscription(ctx.db, user.id);
  if (effectivePlan(subscription) === plan && !subscription?.cancel_at_period_end) {
    fail("ALREADY_SUBSCRIBED", { plan });
  }
  const quote = upgradeQuote(subscription, plan, ctx.now());
  return openCheckout(ctx, {
    user,
    kind: "plan",
    product: plan,
    query: `plan=${plan}`,
    cancelPath: "/pricing",
    creditCents: quote.creditCents,
    quotedPlan: planBasis(subscription),
  });
}
