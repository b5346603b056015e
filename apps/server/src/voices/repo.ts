import { EMBEDDING_MODEL_NAME } from "@verbatim/engine";
import type { Selectable } from "kysely";
import type { Db } from "../db/database.js";
import type { VoicesTable } from "../db/schema.js";

/** A saved voice's row. */
export type VoiceRow = Selectable<VoicesTable>;

/** The key a voice's name is unique by, per user: trimmed, NFC, lower case. */
export function voiceNameKey(name: string): string {
  return name.trim().normalize("NFC").toLowerCase();
}

/** A user's voices, oldest first (the order they were saved in; by name within one instant). */
export async function listVoices(db: Db, userId: string): Promise<VoiceRow[]> {
  return db
    .selectFrom("voices")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** A voice by id (who may use it is the policies' question); undefined for an unknown id. */
export async function findVoice(db: Db, id: string): Promise<VoiceRow | undefined> {
  return db.selectFrom("voices").selectAll().where("id", "=", id).executeTakeFirst();
}

/** How many voices the user has saved. */
export async function countVoices(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("voices")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The user's voices as diarization compares them: name and embedding, only those made by the
 * embedding model in use (vectors of another model, even of the same length, do not compare).
 */
export async function voicesForDiarization(
  db: Db,
  userId: string,
): Promise<{ name: string; embedding: number[] }[]> {
  const rows = await db
    .selectFrom("voices")
    .select(["name", "embedding_json"])
    .where("user_id", "=", userId)
    .where("model", "=", EMBEDDING_MODEL_NAME)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    name: row.name,
    embedding: JSON.parse(row.embedding_json) as number[],
  }));
}
