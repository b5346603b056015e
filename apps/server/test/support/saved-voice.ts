import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/database.js";
import { voiceNameKey } from "../../src/voices/repo.js";

/**
 * A saved voice stored as the voices API leaves one, without running the engine (list, rename,
 * delete and limits need no speaker models): an embedding of numbers only.
 */
export async function savedVoice(
  db: Db,
  userId: string,
  name: string,
  embedding: number[] = [0.6, 0.8, 0],
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("voices")
    .values({
      id,
      user_id: userId,
      name,
      name_key: voiceNameKey(name),
      embedding_json: JSON.stringify(embedding),
      model: "stand-in",
      duration_ms: 8_000,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}
