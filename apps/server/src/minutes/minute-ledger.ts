import {
  insertFreeSubscription,
  lapseKey,
  startFreePeriod,
} from "../billing/subscription-changes.js";
import type { Db, Tx } from "../db/database.js";
import { addMonths, currentPeriodStart } from "./billing-period.js";
import {
  addEntry,
  forfeitPacks,
  setPlanAllowance,
  sumPools,
  withUserLock,
  type MinuteBalance,
} from "./ledger-entries.js";
import { planSeconds, subscribedPlan } from "../plans/plan-limits.js";
import { secondsToMinutes } from "./plans.js";
import { sqlBook } from "./ledger-book.js";
import { chargeIn, releaseIn, reservationKey, reserveIn } from "./settlement.js";

// The minutes ledger (docs/architecture.md). Every change is a row with an idempotency key; a balance
// is the sum of a pool's rows. Plan seconds are spent before pack seconds. Changes for one user
// run in a transaction that first locks the user's subscription row (PostgreSQL) or holds
// SQLite's single writer, so two uploads at once can never spend the same minutes.

export type { MinuteBalance };

/** Puts a new user on Free with this month's minutes. */
export async function startFreePlan(db: Db | Tx, userId: string, now = new Date()): Promise<void> {
  await insertFreeSubscription(db, userId, now);
  await addEntry(
    db,
    userId,
    "grant",
    "plan",
    planSeconds("free"),
    `grant:${userId}:${now.toISOString()}`,
    null,
    now,
  );
}

/** A paid pack's minutes go into the pack pool, once per checkout (inside the user's lock). */
export async function creditPack(
  tx: Tx,
  userId: string,
  minutes: number,
  checkoutSessionId: string,
  now: Date,
): Promise<void> {
  await addEntry(
    tx,
    userId,
    "purchase",
    "pack",
    minutes * 60,
    `purchase:${checkoutSessionId}`,
    checkoutSessionId,
    now,
  );
}

/**
 * The user's balance, after rolling the plan period forward if it has ended. The common case
 * (no roll due) is two plain reads; only a due roll takes the user's lock. Every balance shown
 * or checked (the user's own, the admin's list, intake) is read through this.
 */
export async function minuteBalance(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<MinuteBalance> {
  const balances = await minuteBalances(db, [userId], now);
  return balances.get(userId) ?? { planSeconds: 0, packSeconds: 0 };
}

/** {@link minuteBalance} for many users at once (the admin's list): one read of each table. */
export async function minuteBalances(
  db: Db,
  userIds: readonly string[],
  now = new Date(),
): Promise<Map<string, MinuteBalance>> {
  const balances = new Map<string, MinuteBalance>();
  if (userIds.length === 0) return balances;
  const subscriptions = await db
    .selectFrom("subscriptions")
    .select([
      "user_id",
      "current_period_start",
      "current_period_end",
      "cancel_at_period_end",
      "provider_subscription_id",
    ])
    .where("user_id", "in", [...userIds])
    .execute();
  for (const subscription of subscriptions) {
    // A Free period that has ended, or a paid one that has ended and will not renew.
    const due =
      subscription.current_period_end === null
        ? addMonths(new Date(subscription.current_period_start), 1) <= now
        : new Date(subscription.current_period_end) <= now &&
          (!!subscription.cancel_at_period_end || !subscription.provider_subscription_id);
    if (!due) continue;
    const userId = subscription.user_id;
    balances.set(
      userId,
      await withUserLock(db, userId, async (tx) => {
        await rollPeriod(tx, userId, now);
        return sumPools(tx, userId);
      }),
    );
  }
  const rest = userIds.filter((id) => !balances.has(id));
  if (rest.length === 0) return balances;
  const pools = await db
    .selectFrom("minute_ledger")
    .select(["user_id", "pool", (eb) => eb.fn.sum<number | string>("seconds").as("total")])
    .where("user_id", "in", rest)
    .groupBy(["user_id", "pool"])
    .execute();
  const total = (userId: string, pool: string) =>
    Number(pools.find((row) => row.user_id === userId && row.pool === pool)?.total ?? 0);
  for (const userId of rest) {
    balances.set(userId, {
      planSeconds: total(userId, "plan"),
      packSeconds: total(userId, "pack"),
    });
  }
  return balances;
}

/** Balance in whole minutes, as the API shows it (`credits`, `additionalCredits`). */
export async function minuteCredits(db: Db, userId: string, now = new Date()) {
  const balance = await minuteBalance(db, userId, now);
  return {
    credits: secondsToMinutes(balance.planSeconds),
    additionalCredits: secondsToMinutes(balance.packSeconds),
  };
}

/**
 * Reserves a job's seconds, plan first then pack (`settlement.ts`). Not enough → 402
 * INSUFFICIENT_MINUTES saying how many minutes are needed and left. Reserving the same job twice
 * reserves once. `alongside` (storing the job that owns the reservation) runs in the same
 * transaction: either both are kept or neither, so no crash can leave minutes reserved that no
 * job owns.
 */
export async function reserveMinutes(
  db: Db,
  userId: string,
  jobId: string,
  seconds: number,
  now = new Date(),
  alongside?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await withUserLock(db, userId, async (tx) => {
    const book = sqlBook(tx, userId, now);
    if (await book.has(reservationKey(jobId))) return;
    await rollPeriod(tx, userId, now);
    await reserveIn(book, jobId, seconds);
    await alongside?.(tx);
  });
}

/**
 * Turns a reservation into a charge of the actual duration, never more than was reserved (the
 * job's decoder stops at the reservation): unused reserved seconds go back. Charging twice
 * charges once. Returns the seconds charged.
 */
export async function chargeMinutes(
  db: Db,
  userId: string,
  jobId: string,
  actualSeconds: number,
  now = new Date(),
): Promise<number> {
  return withUserLock(db, userId, (tx) => chargeIn(sqlBook(tx, userId, now), jobId, actualSeconds));
}

/** Gives a failed or cancelled job's reservation back in full. Releasing twice releases once. */
export async function releaseMinutes(
  db: Db,
  userId: string,
  jobId: string,
  now = new Date(),
): Promise<number> {
  return withUserLock(db, userId, (tx) => releaseIn(sqlBook(tx, userId, now), jobId));
}

/**
 * Settles a job that stopped before completing (cancelled, hung up on, failed, its container
 * lied about its length): it is charged for the audio it had transcribed — the text delivered
 * reaches `transcribedSeconds` into the media — rounded up to whole seconds as every charge
 * is, and never more than it reserved. A job that delivered no text is free (released in
 * full). Settling twice settles once. Returns the seconds charged.
 */
export async function chargeTranscribed(
  db: Db,
  userId: string,
  jobId: string,
  transcribedSeconds: number,
  now = new Date(),
): Promise<number> {
  return transcribedSeconds > 0
    ? chargeMinutes(db, userId, jobId, transcribedSeconds, now)
    : releaseMinutes(db, userId, jobId, now);
}

/**
 * At a new period, unused plan seconds expire and the plan's allowance is granted again (a
 * Free period that has ended; paid ones renew through billing). Every change of a user's
 * minutes runs it first, inside the user's lock, so nothing is added to a period that is over.
 */
export async function rollPeriod(tx: Tx, userId: string, now: Date): Promise<void> {
  const subscription = await tx
    .selectFrom("subscriptions")
    .select([
      "plan_type",
      "current_period_start",
      "current_period_end",
      "cancel_at_period_end",
      "provider_subscription_id",
    ])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!subscription) return;
  const start = new Date(subscription.current_period_start);
  const end = subscription.current_period_end
    ? new Date(subscription.current_period_end)
    : addMonths(start, 1);
  if (now < end) return;
  if (subscription.current_period_end) {
    // Paid periods renew (or lapse to Free) through billing's hourly roll-over. One that will
    // not renew (cancelled, or with no provider subscription: what the roll-over lapses without
    // asking) ends at its end, not at the roll-over: from then its plan seconds are Free's 20
    // minutes and its pack seconds (lost on the move to Free) are forfeited, under the key the
    // roll-over's lapse uses, so whichever comes first grants and forfeits once.
    if (subscription.cancel_at_period_end || !subscription.provider_subscription_id) {
      const key = lapseKey(userId, subscription.current_period_end);
      await setPlanAllowance(tx, userId, "free", key, null, now);
      await forfeitPacks(tx, userId, key, now);
    }
    return;
  }
  const newStart = currentPeriodStart(start, now);
  const at = newStart.toISOString();
  await setPlanAllowance(tx, userId, subscribedPlan(subscription), `${userId}:${at}`, null, now);
  await startFreePeriod(tx, userId, at, now);
}

/**
 * The scheduled reset: rolls every plan whose monthly period has ended (Free plans; paid ones
 * renew through billing), so minutes reset even for users who do not come back. Returns how
 * many users were checked.
 */
export async function rollDuePeriods(db: Db, now = new Date()): Promise<number> {
  const earliestDue = new Date(now.getTime() - 28 * 24 * 60 * 60 * 1000).toISOString();
  const due = await db
    .selectFrom("subscriptions")
    .select("user_id")
    .where("current_period_end", "is", null)
    .where("current_period_start", "<=", earliestDue)
    .execute();
  for (const { user_id } of due) await minuteBalance(db, user_id, now);
  return due.length;
}
