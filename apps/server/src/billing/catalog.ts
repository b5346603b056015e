import { fail } from "../http/app-error.js";
import {
  MINUTE_PACKS,
  PAID_PLANS,
  PLANS,
  type PackSize,
  type PaidPlan,
  type PlanType,
} from "@verbatim/contract";

export type { PackSize, PaidPlan } from "@verbatim/contract";

/** A plan from the URL, or 400 with a clear message. */
export function parsePaidPlan(value: string): PaidPlan {
  if ((PAID_PLANS as readonly string[]).includes(value)) return value as PaidPlan;
  fail("INVALID_PLAN");
}

/** A pack size from the URL or body, or 400 with a clear message. */
export function parsePackSize(value: string | number): PackSize {
  const size = Number(value);
  if (String(value).trim() !== "" && Object.hasOwn(MINUTE_PACKS, size)) return size as PackSize;
  fail("INVALID_PACK");
}

const PLAN_NAMES: Record<PlanType, string> = {
  free: "Free",
  basic: "Basic",
  standard: "Standard",
  pro: "Pro",
};

/** The plan's name as people read it. */
export function planName(plan: PlanType): string {
  return PLAN_NAMES[plan];
}

/** The checkout line for a plan or pack. */
export function productDescription(kind: "plan" | "pack", product: string): string {
  if (kind === "plan") {
    const plan = PLANS[product as PlanType];
    return `Verbatim ${planName(plan.type)}: ${plan.minutesPerMonth} minutes a month`;
  }
  return `Verbatim: ${product} extra minutes`;
}

/** The price of what a checkout sells, in cents. */
export function productPriceCents(kind: "plan" | "pack", product: string): number {
  return kind === "plan"
    ? PLANS[product as PlanType].priceCents
    : MINUTE_PACKS[Number(product) as PackSize].priceCents;
}

/** Dollars for receipts and pages: 1350 → "$13.50". */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
