// Command: a paid plan ends (period over, cancelled at the provider): back to Free, with an e-mail.
import { withUserLock } from "../../minutes/ledger-entries.js";
import { isPaidPlan, subscribedPlan } from "../../plans/plan-limits.js";
import type { BillingContext } from "../billing-context.js";
import { mailAccountHolder } from "../mail-account-holder.js";
import { currentSubscription, lapseKey, switchToFree } from "../subscription-changes.js";

/**
 * A paid plan ends (period over, cancelled at the provider): back to Free, with an e-mail;
 * Free's period starts at `start` (default now). Once per paid period (`lapseKey`: a balance
 * read after the end may have granted Free's minutes already). Returns false when the account
 * was not on a paid plan.
 */
export async function lapseToFree(
  ctx: BillingContext,
  { userId, start }: { userId: string; start?: Date },
): Promise<boolean> {
  const before = await currentSubscription(ctx.db, userId);
  if (!before || !isPaidPlan(subscribedPlan(before))) return false;
  const key = lapseKey(userId, before.current_period_end);
  await withUserLock(ctx.db, userId, (tx) =>
    switchToFree(tx, userId, key, ctx.now(), start ?? ctx.now()),
  );
  await mailAccountHolder(ctx, userId, { kind: "lapsed", product: subscribedPlan(before) });
  return true;
}
