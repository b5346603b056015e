import type { Kysely } from "kysely";

/**
 * Idempotency keys of requests that start paid work (Stripe's convention): the same key from
 * the same user within a day answers with the same job instead of starting (and charging)
 * another. `fingerprint` is a hash of what the request sent; `transcription_id` is set once
 * the job exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("transcription_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["user_id", "key"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
