import { MINUTE_PACKS, PAID_PLANS, type PackSize, type PaidPlan } from "@verbatim/contract";
import type { TFunction } from "i18next";
import { ApiError } from "../../api/client";
import { messageOf } from "./use-checkout-redirect";

/** A pack size as the address gives it ("500"). */
type MinutePack = `${PackSize}`;

export function isPaidPlan(value: string | undefined): value is PaidPlan {
  return (PAID_PLANS as readonly (string | undefined)[]).includes(value);
}

export function isMinutePack(value: string | undefined): value is MinutePack {
  return value !== undefined && Object.hasOwn(MINUTE_PACKS, value);
}

/** The 403 codes of POST /api/minutes/{pack} with a message of their own. */
const PACK_CODES = [
  "FREE_PLAN_UPGRADE_REQUIRED",
  "BASIC_PLAN_REQUIRED",
  "NO_SUBSCRIPTION",
] as const;

/** A failed plan checkout's message, in the interface language. */
export function planCheckoutMessage(error: unknown, t: TFunction): string {
  return messageOf(error, t("billing.checkout.failed"));
}

/** A failed minutes checkout's message, in the interface language. */
export function minutesCheckoutMessage(error: unknown, t: TFunction): string {
  const code = error instanceof ApiError ? error.code : undefined;
  const known = PACK_CODES.find((candidate) => candidate === code);
  if (known) return t(`billing.minutesCheckout.codes.${known}`);
  return messageOf(error, t("billing.minutesCheckout.failed"));
}

/** A plan's display name ("Basic"), or the raw value for an unknown one. */
export function planName(plan: string, t: TFunction): string {
  return t(`billing.plans.${plan}`, { defaultValue: plan });
}
