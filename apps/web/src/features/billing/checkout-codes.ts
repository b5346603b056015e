import type { PackSize, PaidPlan } from "@verbatim/contract";
import type { TFunction } from "i18next";
import { ApiError } from "../../api/client";
import { errorText } from "../../api/error-text";

// The contract's paid plans and pack sizes, as the keys of a record its types check (a plan or
// pack added or dropped there fails type-checking here). Importing the contract's tables instead
// would split them into a chunk of their own, one more request on the landing page.
const PAID: Record<PaidPlan, true> = { basic: true, standard: true, pro: true };
/** Pack sizes as the address gives them ("500"). */
const PACKS: Record<`${PackSize}`, true> = { 500: true, 1000: true };

export function isPaidPlan(value: string | undefined): value is PaidPlan {
  return value !== undefined && Object.hasOwn(PAID, value);
}

export function isMinutePack(value: string | undefined): value is `${PackSize}` {
  return value !== undefined && Object.hasOwn(PACKS, value);
}

/** The 403 codes of POST /api/minutes/{pack} with a message of their own. */
const PACK_CODES = [
  "FREE_PLAN_UPGRADE_REQUIRED",
  "BASIC_PLAN_REQUIRED",
  "NO_SUBSCRIPTION",
] as const;

/** A failed plan checkout's message, in the interface language. */
export function planCheckoutMessage(error: unknown, t: TFunction): string {
  return errorText(error, t("billing.checkout.failed"));
}

/** A failed minutes checkout's message, in the interface language. */
export function minutesCheckoutMessage(error: unknown, t: TFunction): string {
  const code = error instanceof ApiError ? error.code : undefined;
  const known = PACK_CODES.find((candidate) => candidate === code);
  if (known) return t(`billing.minutesCheckout.codes.${known}`);
  return errorText(error, t("billing.minutesCheckout.failed"));
}

/** A plan's display name ("Basic"), or the raw value for an unknown one. */
export function planName(plan: string, t: TFunction): string {
  return t(`billing.plans.${plan}`, { defaultValue: plan });
}
