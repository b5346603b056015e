import type { Kysely } from "kysely";

/**
 * A finished transcription keeps Whisper's own segments (times, text, token ids, mean
 * log-probability, temperature) beside its cues: the OpenAI-compatible `verbose_json` answers
 * with them, as OpenAI's clients expect, rather than with the subtitle blocks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").addColumn("segments_json", "text").execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transcriptions").dropColumn("segments_json").execute();
}
