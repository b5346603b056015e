import type { Kysely } from "kysely";

/**
 * A plan checkout remembers the plan it was priced against (its upgrade credit depends on it),
 * so a payment confirmed after the plan has changed (another checkout paid first, a downgrade,
 * a renewal) is refunded instead of granted on a stale price.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("checkout_sessions").addColumn("quoted_plan", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("checkout_sessions").dropColumn("quoted_plan").execute();
}
