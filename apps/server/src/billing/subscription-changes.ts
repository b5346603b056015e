import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/database.js";
import { addMonths } from "../minutes/billing-period.js";
import { forfeitPacks, setPlanAllowance } from "../minutes/ledger-entries.js";
import type { PlanType } from "../minutes/plans.js";

// The changes a subscription goes through, each inside the user's ledger lock so the plan row
// and the minutes always agree. The only writer of the `subscriptions` table.

/** The user's subscription row. */
export async function currentSubscription(db: Tx | Db, userId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** A paid plan starts: a new period, its full allowance (once per `key`). */
export async function activatePlan(
  tx: Tx,
  userId: string,
  plan: PlanType,
  {
    subscriptionId,
    periodEnd,
    key,
  }: { subscriptionId: string | null; periodEnd: Date | null; key: string },
  now: Date,
): Promise<void> {
  await tx
    .updateTable("subscriptions")
    .set({
      plan_type: plan,
      status: "active",
      current_period_start: now.toISOString(),
      current_period_end: (periodEnd ?? addMonths(now, 1)).toISOString(),
      provider_subscription_id: subscriptionId,
      cancel_at_period_end: 0,
      updated_at: now.toISOString(),
    })
    .where("user_id", "=", userId)
    .execute();
  await setPlanAllowance(tx, userId, plan, key, key, now);
}

/** A paid plan renews: the next period, and its allowance again (unused minutes expire). */
export async function renewPlan(
  tx: Tx,
  userId: string,
  plan: PlanType,
  { from, to }: { from: string; to: Date },
  now: Date,
): Promise<void> {
  await tx
    .updateTable("subscriptions")
    .set({
      status: "active",
      current_period_start: from,
      current_period_end: to.toISOString(),
      updated_at: now.toISOString(),
    })
    .where("user_id", "=", userId)
    .execute();
  await setPlanAllowance(tx, userId, plan, `${userId}:${from}`, null, now);
}

/**
 * The key of a paid period's lapse to Free. Whatever notices the end first (a balance read
 * after it, the hourly roll-over, the provider's "ended" event) uses it, so Free's minutes are
 * granted and pack minutes forfeited once per period.
 */
export function lapseKey(userId: string, periodEnd: string | null): string {
  return `lapse:${userId}:${periodEnd ?? "no-end"}`;
}

/**
 * Back to Free (a Basic downgrade, a lapsed or cancelled paid plan): Free's 20 minutes for a
 * period from `start` (default now), pack minutes forfeited, the provider's subscription
 * forgotten.
 */
export async function switchToFree(
  tx: Tx,
  userId: string,
  key: string,
  now: Date,
  start: Date = now,
): Promise<void> {
  await tx
    .updateTable("subscriptions")
    .set({
      plan_type: "free",
      status: "active",
      current_period_start: start.toISOString(),
      current_period_end: null,
      provider_subscription_id: null,
      cancel_at_period_end: 0,
      updated_at: now.toISOString(),
    })
    .where("user_id", "=", userId)
    .execute();
  await setPlanAllowance(tx, userId, "free", key, null, now);
  await forfeitPacks(tx, userId, key, now);
}

/** A new account's subscription: Free, its period starting now (the ledger grants its minutes). */
export async function insertFreeSubscription(
  tx: Tx | Db,
  userId: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await tx
    .insertInto("subscriptions")
    .values({
      id: randomUUID(),
      user_id: userId,
      plan_type: "free",
      status: "active",
      current_period_start: at,
      current_period_end: null,
      provider_subscription_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** A Free period rolled forward: it starts at `start` (the ledger resets and grants the minutes). */
export async function startFreePeriod(
  tx: Tx,
  userId: string,
  start: string,
  now: Date,
): Promise<void> {
  await tx
    .updateTable("subscriptions")
    .set({ current_period_start: start, updated_at: now.toISOString() })
    .where("user_id", "=", userId)
    .execute();
}

/** A paid plan is cancelled at its period's end (true), or that is undone (false). */
export async function setCancelAtPeriodEnd(
  db: Db,
  subscriptionId: string,
  cancel: boolean,
  now: Date,
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ cancel_at_period_end: cancel ? 1 : 0, updated_at: now.toISOString() })
    .where("id", "=", subscriptionId)
    .execute();
}

/** The provider could not take a renewal's payment: the plan is inactive (Free's limits apply). */
export async function markPaymentFailed(db: Db, subscriptionId: string, now: Date): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ status: "inactive", updated_at: now.toISOString() })
    .where("id", "=", subscriptionId)
    .execute();
}

/** A deleted account's subscription goes with it. */
export async function deleteSubscriptionOf(tx: Tx, userId: string): Promise<void> {
  await tx.deleteFrom("subscriptions").where("user_id", "=", userId).execute();
}
