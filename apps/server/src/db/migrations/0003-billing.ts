import type { Kysely } from "kysely";

/** Billing: cancellation at period end, checkout return addresses, processed webhook events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("subscriptions")
    .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("checkout_sessions").addColumn("success_url", "text").execute();
  await db.schema.alterTable("checkout_sessions").addColumn("cancel_url", "text").execute();
  await db.schema
    .alterTable("checkout_sessions")
    .addColumn("provider_subscription_id", "text")
    .execute();
  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_events").execute();
  for (const column of ["provider_subscription_id", "cancel_url", "success_url"]) {
    await db.schema.alterTable("checkout_sessions").dropColumn(column).execute();
  }
  await db.schema.alterTable("subscriptions").dropColumn("cancel_at_period_end").execute();
}
