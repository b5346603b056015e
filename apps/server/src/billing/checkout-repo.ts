import type { Selectable } from "kysely";
import type { Db } from "../db/database.js";
import type { CheckoutSessionsTable } from "../db/schema.js";
import type { Tx } from "../minutes/ledger-entries.js";

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
