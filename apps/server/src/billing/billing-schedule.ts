// The hourly billing run: paid periods rolled (renewed or lapsed), failed refunds retried.
import { Cron } from "croner";
import type { BillingContext } from "./billing-context.js";
import { retryPendingRefunds } from "./commands/retry-pending-refunds.js";
import { rollPaidPeriods } from "./commands/roll-paid-periods.js";

/** Rolls due paid periods and retries failed refunds at start and every hour; returns a stop function. */
export function scheduleBillingRollover(ctx: BillingContext): () => void {
  const run = async (): Promise<void> => {
    await rollPaidPeriods(ctx, {}).catch((error: unknown) =>
      ctx.log.error({ err: error }, "billing roll-over failed"),
    );
    await retryPendingRefunds(ctx, {}).catch((error: unknown) =>
      ctx.log.error({ err: error }, "refund retries failed"),
    );
  };
  const job = new Cron("23 * * * *", { protect: true }, run);
  void run();
  return () => job.stop();
}
