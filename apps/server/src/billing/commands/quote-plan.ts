// Command: quote what moving to a paid plan costs today (the price less an unused period's credit).
import type { User } from "../../users/repo.js";
import type { BillingContext } from "../billing-context.js";
import { parsePaidPlan } from "../catalog.js";
import { currentSubscription } from "../subscription-changes.js";
import { upgradeQuote, type UpgradeQuote } from "../upgrade-credit.js";

/** What moving to `plan` costs `user` today, with the credit for an unused paid period. */
export async function quotePlan(
  ctx: BillingContext,
  { user, plan: planParam }: { user: User; plan: string },
): Promise<UpgradeQuote> {
  const plan = parsePaidPlan(planParam);
  return upgradeQuote(await currentSubscription(ctx.db, user.id), plan, ctx.now());
}
