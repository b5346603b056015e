import type { Kysely } from "kysely";

/** Personal API keys for the OpenAI-compatible API; only a SHA-256 of each key is stored. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema
    .createIndex("api_keys_user")
    .on("api_keys")
    .columns(["user_id", "created_at"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("api_keys").execute();
}
