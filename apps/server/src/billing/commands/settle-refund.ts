// Command: make (or retry) the refund decided for a checkout that could not be delivered.
import { fail } from "../../http/app-error.js";
import { PLANS, type PlanType } from "../../minutes/plans.js";
import type { BillingContext } from "../billing-context.js";
import { formatUsd, planName } from "../catalog.js";
import { markCheckoutRefunded, type CheckoutRow } from "../checkout-repo.js";
import { mailAccountHolder } from "../mail-account-holder.js";
import { providerError } from "../provider-error.js";

/**
 * Makes the refund decided for a checkout (again, if an earlier try failed: providers treat a
 * repeat as the same refund), records it once, mails the buyer once, and answers 409
 * PACK_REFUNDED or PLAN_CHANGED_REFUNDED. A provider failure answers 502 and leaves the row
 * `refunding`, to be retried by the next confirmation, the webhook's retry or the hourly sweep.
 */
export async function settleRefund(
  ctx: BillingContext,
  { checkout: row }: { checkout: CheckoutRow },
): Promise<never> {
  const { db, provider, log, now } = ctx;
  const sessionId = row.provider_session_id;
  if (row.status === "refunding") {
    const { refundId } = await provider.refund(sessionId).catch((error: unknown) => {
      throw providerError(log, error, "Failed to refund the payment");
    });
    if (await markCheckoutRefunded(db, sessionId, now())) {
      log.info(
        { sessionId, refundId, userId: row.user_id, kind: row.kind },
        row.kind === "plan"
          ? "plan paid after the plan it was priced against changed: refunded, not granted"
          : "pack paid after the account moved to Free: refunded, not credited",
      );
      await mailAccountHolder(ctx, row.user_id, {
        kind: row.kind === "plan" ? "plan-refunded" : "pack-refunded",
        product: row.product,
        amountCents: row.amount_cents,
        minutes:
          row.kind === "plan"
            ? PLANS[row.product as PlanType].minutesPerMonth
            : Number(row.product),
      });
    }
  }
  const paid = { amount: formatUsd(row.amount_cents), amountCents: row.amount_cents };
  if (row.kind === "plan") {
    fail("PLAN_CHANGED_REFUNDED", { plan: planName(row.product as PlanType), ...paid });
  }
  fail("PACK_REFUNDED", { minutes: Number(row.product), ...paid });
}
