import { SqliteAdapter } from "kysely";
import type { Db, Tx } from "../db/database.js";
import { planSeconds } from "../plans/plan-limits.js";
import type { PlanType } from "./plans.js";

// The ledger's building blocks: a per-user lock, pool sums and idempotent entries. Every
// change of a user's minutes runs inside withUserLock.

/** Seconds left in each pool. */
export interface MinuteBalance {
  planSeconds: number;
  packSeconds: number;
}

/** A change that would take a pool below zero: a bug, never a user's doing. Rolled back. */
export class LedgerInvariantError extends Error {
  override readonly name = "LedgerInvariantError";
}

/**
 * Runs `work` in a transaction that holds the user's lock: SQLite has one writer (and Kysely
 * one connection); PostgreSQL locks the user's subscription row.
 *
 * The ledger's invariant is checked before the transaction commits: no change may leave a pool
 * below zero (or, for a balance that was already negative before this rule existed, lower than
 * it was). A change that would is rolled back whole, so the balance can never go negative.
 */
export async function withUserLock<T>(
  db: Db,
  userId: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return db.transaction().execute(async (tx) => {
    if (!sqlite)
      await tx
        .selectFrom("subscriptions")
        .select("id")
        .where("user_id", "=", userId)
        .forUpdate()
        .execute();
    const before = await sumPools(tx, userId);
    const result = await work(tx);
    const after = await sumPools(tx, userId);
    for (const pool of ["planSeconds", "packSeconds"] as const) {
      if (after[pool] < 0 && after[pool] < before[pool]) {
        throw new LedgerInvariantError(
          `ledger change for user ${userId} would take ${pool} from ${before[pool]} to ${after[pool]}`,
        );
      }
    }
    return result;
  });
}

export async function sumPools(tx: Db | Tx, userId: string): Promise<MinuteBalance> {
  const rows = await tx
    .selectFrom("minute_ledger")
    .select(["pool", (eb) => eb.fn.sum<number | string>("seconds").as("total")])
    .where("user_id", "=", userId)
    .groupBy("pool")
    .execute();
  const total = (pool: string) => Number(rows.find((row) => row.pool === pool)?.total ?? 0);
  return { planSeconds: total("plan"), packSeconds: total("pack") };
}

export async function hasEntry(tx: Db | Tx, key: string): Promise<boolean> {
  const row = await tx
    .selectFrom("minute_ledger")
    .select("id")
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row !== undefined;
}

export async function addEntry(
  tx: Db | Tx,
  userId: string,
  kind: string,
  pool: "plan" | "pack",
  seconds: number,
  key: string,
  reference: string | null,
  now: Date,
): Promise<void> {
  if (seconds === 0 && kind !== "charge") return;
  await tx
    .insertInto("minute_ledger")
    .values({
      user_id: userId,
      kind,
      pool,
      seconds,
      idempotency_key: key,
      reference,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .execute();
}

/**
 * Sets the plan pool to a plan's full allowance: unused plan seconds expire (a reset entry) and
 * the allowance is granted. `key` makes it happen once (a period start, a payment session).
 */
export async function setPlanAllowance(
  tx: Tx,
  userId: string,
  planType: PlanType,
  key: string,
  reference: string | null,
  now: Date,
): Promise<void> {
  if (await hasEntry(tx, `grant:${key}`)) return;
  const { planSeconds: left } = await sumPools(tx, userId);
  await addEntry(tx, userId, "reset", "plan", -left, `reset:${key}`, reference, now);
  await addEntry(
    tx,
    userId,
    "grant",
    "plan",
    planSeconds(planType),
    `grant:${key}`,
    reference,
    now,
  );
}

/** Pack seconds are lost (downgrade to Free): a forfeit entry of whatever is left, once per key. */
export async function forfeitPacks(tx: Tx, userId: string, key: string, now: Date): Promise<void> {
  const { packSeconds } = await sumPools(tx, userId);
  if (packSeconds > 0) {
    await addEntry(tx, userId, "forfeit", "pack", -packSeconds, `forfeit:${key}`, null, now);
  }
}

/** A deleted account's ledger goes with it. */
export async function forgetLedgerOf(tx: Tx, userId: string): Promise<void> {
  await tx.deleteFrom("minute_ledger").where("user_id", "=", userId).execute();
}
