import type { Db, Tx } from "../db/database.js";
import { PLAN_TYPES, PLANS, type PlanType } from "../minutes/plans.js";

// Which plan a user is on, and what it allows: the one owner of that rule. Everything that
// depends on a user's plan (open uploads, how long the audio copy is kept, queue priority,
// monthly minutes, who may hold packs) asks here; nothing else reads `plan_type` to decide.
//
// Two questions, two answers:
// - the plan whose limits apply (`effectivePlan`): the subscription's plan while it is
//   active; Free's limits otherwise (no subscription, a paid plan whose renewal payment failed);
// - the plan the subscription names (`subscribedPlan`), active or not: what billing changes
//   from (a plan whose payment failed can still be cancelled or downgraded, and keeps its pack
//   minutes until the account moves to Free).

/** The subscription fields the plan rules read. */
export interface PlanSubscription {
  plan_type: string;
  status: string;
}

/** What a plan allows. */
export interface PlanLimits {
  plan: PlanType;
  /** Monthly allowance, in seconds. */
  secondsPerMonth: number;
  /** Unfinished chunked uploads kept at once. */
  openUploads: number;
  /** Days a finished transcription's audio copy is kept. */
  audioRetentionDays: number;
  /** Queue priority class: lower goes first (priority processing is part of paid plans). */
  queuePriority: number;
}

function asPlanType(value: string): PlanType {
  return (PLAN_TYPES as readonly string[]).includes(value) ? (value as PlanType) : "free";
}

/** The plan the subscription row names, active or not ("free" without one). */
export function subscribedPlan(subscription: Pick<PlanSubscription, "plan_type"> | undefined) {
  return subscription ? asPlanType(subscription.plan_type) : "free";
}

/** The plan whose limits apply: the subscription's while it is active, else Free. */
export function effectivePlan(subscription: PlanSubscription | undefined | null): PlanType {
  if (!subscription || subscription.status !== "active") return "free";
  return asPlanType(subscription.plan_type);
}

/** Whether a plan is one that is paid for (Basic, Standard, Pro). */
export function isPaidPlan(plan: PlanType): boolean {
  return plan !== "free";
}

/** The plans that are paid for. */
export const PAID_PLAN_TYPES: readonly PlanType[] = PLAN_TYPES.filter(isPaidPlan);

/** A plan's limits. */
export function planLimits(plan: PlanType): PlanLimits {
  const { minutesPerMonth, openUploads, audioRetentionDays } = PLANS[plan];
  return {
    plan,
    secondsPerMonth: minutesPerMonth * 60,
    openUploads,
    audioRetentionDays,
    queuePriority: isPaidPlan(plan) ? 0 : 1,
  };
}

/** Seconds of a plan's monthly allowance. */
export function planSeconds(plan: PlanType): number {
  return planLimits(plan).secondsPerMonth;
}

/** The limits that apply to a user now (their effective plan's). */
export async function userPlanLimits(db: Db | Tx, userId: string): Promise<PlanLimits> {
  const subscription = await db
    .selectFrom("subscriptions")
    .select(["plan_type", "status"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return planLimits(effectivePlan(subscription));
}

/**
 * Whether the account may hold pack minutes: its subscription names a paid plan. Packs are lost
 * only on the move to Free, so a paid plan whose payment failed keeps them until it lapses.
 */
export function mayHoldPacks(subscription: Pick<PlanSubscription, "plan_type"> | undefined) {
  return isPaidPlan(subscribedPlan(subscription));
}

/** Whether the account may buy a pack: an active Basic plan (the larger plans include more). */
export function packPurchaseRefusal(
  subscription: PlanSubscription | undefined,
): "NO_SUBSCRIPTION" | "FREE_PLAN_UPGRADE_REQUIRED" | "BASIC_PLAN_REQUIRED" | null {
  if (!subscription || subscription.status !== "active") return "NO_SUBSCRIPTION";
  const plan = effectivePlan(subscription);
  if (plan === "free") return "FREE_PLAN_UPGRADE_REQUIRED";
  return plan === "basic" ? null : "BASIC_PLAN_REQUIRED";
}
