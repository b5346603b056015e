import type { Kysely } from "kysely";

/**
 * Where a chunk of a chunked upload is kept: a bucket's location (`s3://…`) with STORAGE_URL, so
 * that the next chunk and the combine may reach any API process. Null: the chunk lies in the
 * receiving process's upload folder (`chunks/<session>/<index>.part`), as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("upload_chunks").addColumn("location", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("upload_chunks").dropColumn("location").execute();
}
