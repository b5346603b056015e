import type { Kysely } from "kysely";

/**
 * A chunked upload remembers how many chunks its chunks said the file has, so a combine that
 * names fewer is refused rather than transcribing (and charging) part of the file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("upload_sessions").addColumn("declared_chunks", "integer").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("upload_sessions").dropColumn("declared_chunks").execute();
}
