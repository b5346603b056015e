// Plans and packs: the one place prices and minutes are written down. The server sells and
// grants them; the web app shows them.

/** Plan types a subscription can have. */
export const PLAN_TYPES = ["free", "basic", "standard", "pro"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** The paid plans a checkout can sell. */
export const PAID_PLANS = ["basic", "standard", "pro"] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Subscription statuses (Active, Inactive, Cancelled, Incomplete). */
export const SUBSCRIPTION_STATUSES = ["active", "inactive", "cancelled", "incomplete"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A plan's monthly minutes and price, and what else it includes. */
export interface Plan {
  type: PlanType;
  minutesPerMonth: number;
  /** Monthly price in US cents. */
  priceCents: number;
  /**
   * Unfinished chunked uploads kept at once. Each holds at most one file (the upload limit), so
   * this also caps the bytes a user can park on the server.
   */
  openUploads: number;
  /**
   * Days a finished transcription's audio copy is kept for the editor's player (the original
   * upload is deleted when the job ends). The copy goes with the transcription if sooner.
   */
  audioRetentionDays: number;
}

export const PLANS: Readonly<Record<PlanType, Plan>> = {
  free: { type: "free", minutesPerMonth: 20, priceCents: 0, openUploads: 1, audioRetentionDays: 7 },
  basic: {
    type: "basic",
    minutesPerMonth: 200,
    priceCents: 600,
    openUploads: 3,
    audioRetentionDays: 30,
  },
  standard: {
    type: "standard",
    minutesPerMonth: 500,
    priceCents: 1350,
    openUploads: 5,
    audioRetentionDays: 30,
  },
  pro: {
    type: "pro",
    minutesPerMonth: 1000,
    priceCents: 2400,
    openUploads: 10,
    audioRetentionDays: 90,
  },
};

/** One-time minute packs, for Basic subscribers. */
export const MINUTE_PACKS = {
  500: { minutes: 500, priceCents: 1350 },
  1000: { minutes: 1000, priceCents: 2400 },
} as const;

/** Pack sizes on sale. */
export type PackSize = keyof typeof MINUTE_PACKS;

/**
 * The saving (whole percent) of a price for some minutes against Basic's price per minute, the
 * reference every larger plan and pack is sold against; 0 when there is none.
 */
export function savingPercent(minutes: number, priceCents: number): number {
  const basic = PLANS.basic.priceCents / PLANS.basic.minutesPerMonth;
  if (minutes <= 0 || priceCents <= 0) return 0;
  return Math.max(0, Math.round((1 - priceCents / minutes / basic) * 100));
}
