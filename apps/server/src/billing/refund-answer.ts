// The answer a refunded checkout gets (409 PACK_REFUNDED or PLAN_CHANGED_REFUNDED): settle-refund
// answers it, and whoever runs a confirmation without a buyer waiting (the webhook, the hourly
// retries) treats it as handled, not as a failure.
import { AppError } from "../http/app-error.js";

/** The answers a refunded checkout gets, by what was bought. */
export const REFUNDED_CODES = ["PACK_REFUNDED", "PLAN_CHANGED_REFUNDED"] as const;

/** Whether an error is the answer a refunded checkout gets (handled, not a failure). */
export function isRefundedAnswer(error: unknown): boolean {
  return error instanceof AppError && (REFUNDED_CODES as readonly string[]).includes(error.code);
}
