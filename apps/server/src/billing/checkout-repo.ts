import type { Selectable } from "kysely";
import type { Db, Tx } from "../db/database.js";
import type { CheckoutSessionsTable } from "../db/schema.js";

export type CheckoutRow = Selectable<CheckoutSessionsTable>;

export async function insertCheckout(
  db: Db,
  row: Omit<CheckoutRow, "completed_at" | "provider_subscription_id" | "status">,
): Promise<void> {
  await db
    .insertInto("checkout_sessions")
    .values({ ...row, status: "open", completed_at: null, provider_subscription_id: null })
    .execute();
}

export async function findCheckout(db: Db | Tx, providerSessionId: string) {
  return db
    .selectFrom("checkout_sessions")
    .selectAll()
    .where("provider_session_id", "=", providerSessionId)
    .executeTakeFirst();
}

/**
 * Marks a session granted if nobody has yet: true for exactly one caller, however many confirm
 * the same session at once (the return page twice, and the webhook).
 */
export async function claimCheckout(
  tx: Tx,
  providerSessionId: string,
  subscriptionId: string | null,
  now: Date,
): Promise<boolean> {
  const result = await tx
    .updateTable("checkout_sessions")
    .set({
      status: "completed",
      completed_at: now.toISOString(),
      provider_subscription_id: subscriptionId,
    })
    .where("provider_session_id", "=", providerSessionId)
    .where("status", "in", ["open", "paid"])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Marks a paid session to be refunded instead of granted (a pack the account can no longer
 * hold), if nobody has granted or claimed it yet: true for exactly one caller.
 */
export async function claimCheckoutForRefund(
  tx: Tx,
  providerSessionId: string,
  now: Date,
): Promise<boolean> {
  const result = await tx
    .updateTable("checkout_sessions")
    .set({ status: "refunding", completed_at: now.toISOString() })
    .where("provider_session_id", "=", providerSessionId)
    .where("status", "in", ["open", "paid"])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The provider let an unpaid session expire: an open one becomes "expired" and can no longer be
 * granted. True when it changed; a session already granted, refunded or expired is left alone.
 */
export async function expireCheckout(db: Db, providerSessionId: string): Promise<boolean> {
  const result = await db
    .updateTable("checkout_sessions")
    .set({ status: "expired" })
    .where("provider_session_id", "=", providerSessionId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A refund went through at the provider: true for the one caller that recorded it. */
export async function markCheckoutRefunded(
  db: Db,
  providerSessionId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("checkout_sessions")
    .set({ status: "refunded", completed_at: now.toISOString() })
    .where("provider_session_id", "=", providerSessionId)
    .where("status", "=", "refunding")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Sessions whose refund was decided but not yet made (the provider failed): to retry. */
export async function checkoutsAwaitingRefund(db: Db): Promise<CheckoutRow[]> {
  return db.selectFrom("checkout_sessions").selectAll().where("status", "=", "refunding").execute();
}

/** The local test provider's card was accepted: an open checkout becomes paid. */
export async function markCheckoutPaid(db: Db, providerSessionId: string): Promise<void> {
  await db
    .updateTable("checkout_sessions")
    .set({ status: "paid" })
    .where("provider_session_id", "=", providerSessionId)
    .where("status", "=", "open")
    .execute();
}

/** Records a provider event's id; false when it was seen before (a replay or a concurrent delivery). */
export async function recordPaymentEvent(
  db: Db,
  event: { id: string; provider: string; type: string },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto("payment_events")
    .values({ ...event, received_at: now.toISOString() })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .execute();
  return inserted.length > 0;
}

/** Forgets a provider event whose handling failed, so the provider's retry is handled. */
export async function forgetPaymentEvent(db: Db, eventId: string): Promise<void> {
  await db.deleteFrom("payment_events").where("id", "=", eventId).execute();
}

/** Deletes every checkout of a user (their account is going). */
export async function deleteCheckoutsOf(db: Db | Tx, userId: string): Promise<void> {
  await db.deleteFrom("checkout_sessions").where("user_id", "=", userId).execute();
}
