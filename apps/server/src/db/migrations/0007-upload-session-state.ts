import type { Kysely } from "kysely";

/**
 * Chunked-upload sessions get a state: "open" takes chunks, "combining" is held by the one
 * combine request that won it (every other combine or chunk gets 409).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("upload_sessions")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("open"))
    .execute();
  await db.schema
    .createIndex("upload_sessions_user")
    .on("upload_sessions")
    .column("user_id")
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("upload_sessions_user").execute();
  await db.schema.alterTable("upload_sessions").dropColumn("state").execute();
}
