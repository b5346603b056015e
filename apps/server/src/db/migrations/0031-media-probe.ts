import type { Kysely } from "kysely";

/**
 * What the intake's probe found and which version of the file it read (size, modification time,
 * inode), as JSON: the worker hands it to the engine, which uses it instead of probing again
 * while the file is unchanged. Rows from before it are null, and the engine probes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").addColumn("media_probe_json", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").dropColumn("media_probe_json").execute();
}
