// Command: retry the refunds a provider failed to make (the hourly billing run).
import type { BillingContext } from "../billing-context.js";
import { checkoutsAwaitingRefund } from "../checkout-repo.js";
import { isRefundedAnswer } from "../refund-answer.js";
import { settleRefund } from "./settle-refund.js";

/** How many refunds to retry. */
export interface RetryPendingRefundsProps {
  /** At most this many checkouts this run (default: every one awaiting its refund). */
  limit?: number;
}

/** Retries refunds a provider failed to make (run hourly); returns how many went through. */
export async function retryPendingRefunds(
  ctx: BillingContext,
  { limit = Infinity }: RetryPendingRefundsProps,
): Promise<number> {
  let refunded = 0;
  for (const row of (await checkoutsAwaitingRefund(ctx.db)).slice(0, limit)) {
    try {
      await settleRefund(ctx, { checkout: row });
    } catch (error) {
      if (isRefundedAnswer(error)) refunded++;
      else ctx.log.error({ err: error, sessionId: row.provider_session_id }, "refund retry");
    }
  }
  return refunded;
}
