// Command: confirm a paid checkout and grant what was bought, exactly once.
import { fail } from "../../http/app-error.js";
import { withUserLock } from "../../minutes/ledger-entries.js";
import { creditPack, minuteCredits } from "../../minutes/minute-ledger.js";
import { PLANS, type PlanType } from "../../minutes/plans.js";
import type { PurchaseKind } from "../../payments/payment-provider.js";
import { mayHoldPacks } from "../../plans/plan-limits.js";
import { actorOf } from "../../policies/actor.js";
import { can, checkout } from "../../policies/policies.js";
import type { User } from "../../users/repo.js";
import type { BillingContext } from "../billing-context.js";
import {
  claimCheckout,
  claimCheckoutForRefund,
  findCheckout,
  type CheckoutRow,
} from "../checkout-repo.js";
import { mailAccountHolder } from "../mail-account-holder.js";
import { providerError } from "../provider-error.js";
import { activatePlan, currentSubscription } from "../subscription-changes.js";
import { planBasis } from "../upgrade-credit.js";
import { settleRefund } from "./settle-refund.js";

/** The outcome of a confirmed checkout, as the return page shows it. */
export interface Confirmation {
  /** Minutes available now (plan + pack). */
  minutes: number;
  /** Minutes this purchase added (the plan's allowance or the pack's size). */
  minutesAdded: number;
  /** True for the call that granted them; replays answer the same, granting nothing. */
  granted: boolean;
}

/** Which checkout to confirm, and who asks. */
export interface ConfirmCheckoutProps {
  /** The signed-in buyer; null for the webhook, which the provider vouches for. */
  user: User | null;
  sessionId: string;
  kind: PurchaseKind;
  /** The product the caller expects (the return page names it; the webhook does not). */
  product?: string;
}

/**
 * Confirms a checkout with the provider and grants what was bought, exactly once: a replay, a
 * second tab or the webhook arriving at the same time all answer the same and grant nothing
 * more.
 *
 * A pack paid for when the account can no longer hold packs (it moved to Free after the
 * checkout started) is not credited: the payment is refunded through the provider, the buyer
 * is told by e-mail, and every confirmation answers 409 PACK_REFUNDED. Likewise a plan paid for
 * after the plan its price was quoted against changed (another plan checkout paid first, a
 * downgrade, a renewal): its price, upgrade credit included, no longer holds, so it is
 * refunded (409 PLAN_CHANGED_REFUNDED) and the buyer chooses again from the plan they have.
 * Without this, two upgrade checkouts opened side by side would each carry the same credit.
 * No money is kept without minutes delivered.
 */
export async function confirmCheckout(
  ctx: BillingContext,
  { user, sessionId, kind, product }: ConfirmCheckoutProps,
): Promise<Confirmation> {
  const { db, provider, log, now } = ctx;
  const row = await findCheckout(db, sessionId);
  // The buyer must be the one who started it (the webhook is vouched for by the provider).
  if (!row || (user && !can(actorOf(user, ctx.config), "confirm", checkout(row)))) {
    fail("CHECKOUT_NOT_FOUND");
  }
  if (row.kind !== kind || (product !== undefined && row.product !== product)) {
    fail("PURCHASE_MISMATCH");
  }
  const minutesAdded =
    kind === "plan" ? PLANS[row.product as PlanType].minutesPerMonth : Number(row.product);
  if (isRefund(row)) return settleRefund(ctx, { checkout: row });
  if (row.status === "expired") {
    fail("CHECKOUT_EXPIRED");
  }
  let granted = false;
  if (row.status !== "completed") {
    const state = await provider.retrieveCheckout(sessionId).catch((error: unknown) => {
      throw providerError(log, error, "Failed to confirm payment");
    });
    // Another confirmation (a double-click, the webhook) may have decided on a refund while the
    // provider was asked: a refunded session no longer reads as paid, so answer as that one
    // did (409) rather than 402.
    const latest = await findCheckout(db, sessionId);
    if (latest && isRefund(latest)) return settleRefund(ctx, { checkout: latest });
    if (!state) fail("CHECKOUT_NOT_FOUND");
    if (!state.paid) {
      fail("PAYMENT_NOT_COMPLETED");
    }
    if (state.amountCents !== row.amount_cents || (state.currency ?? "usd") !== "usd") {
      log.error(
        {
          sessionId,
          expected: row.amount_cents,
          charged: state.amountCents,
          currency: state.currency,
        },
        "checkout amount disagrees with the price",
      );
      fail("AMOUNT_MISMATCH");
    }
    const previous = await currentSubscription(db, row.user_id);
    let refund = false;
    granted = await withUserLock(db, row.user_id, async (tx) => {
      // Decided under the user's lock, so a downgrade cannot slip between the look and the grant.
      const holding = await currentSubscription(tx, row.user_id);
      const stale =
        kind === "pack"
          ? !mayHoldPacks(holding)
          : row.quoted_plan !== null && row.quoted_plan !== planBasis(holding);
      if (stale) {
        refund = await claimCheckoutForRefund(tx, sessionId, now());
        return false;
      }
      if (!(await claimCheckout(tx, sessionId, state.subscriptionId, now()))) return false;
      if (kind === "plan") {
        await activatePlan(
          tx,
          row.user_id,
          row.product as PlanType,
          {
            subscriptionId: state.subscriptionId,
            periodEnd: state.periodEnd,
            key: `checkout:${sessionId}`,
          },
          now(),
        );
      } else {
        await creditPack(tx, row.user_id, Number(row.product), sessionId, now());
      }
      return true;
    });
    if (refund) return settleRefund(ctx, { checkout: { ...row, status: "refunding" } });
    if (!granted) {
      // Another confirmation got there first; if it decided on a refund, answer as it does.
      const current = await findCheckout(db, sessionId);
      if (current && isRefund(current)) return settleRefund(ctx, { checkout: current });
    }
    if (granted) {
      const replaced = previous?.provider_subscription_id;
      if (kind === "plan" && replaced && replaced !== state.subscriptionId) {
        await provider
          .cancelSubscription(replaced, "now")
          .catch((error: unknown) =>
            log.error(
              { err: error, subscriptionId: replaced },
              "cancelling the replaced plan failed",
            ),
          );
      }
      await mailAccountHolder(ctx, row.user_id, {
        kind: kind === "plan" ? "plan-receipt" : "pack-receipt",
        product: row.product,
        amountCents: row.amount_cents,
        minutes: minutesAdded,
      });
    }
  }
  const credits = await minuteCredits(db, row.user_id, now());
  return { minutes: credits.credits + credits.additionalCredits, minutesAdded, granted };
}

function isRefund(row: CheckoutRow): boolean {
  return row.status === "refunding" || row.status === "refunded";
}
