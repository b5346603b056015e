// Which saved voices a diarized job compares speakers with: the user's own, and only those made
// by the embedding model in use (a vector of another model, even of the same length, would
// match or miss by chance).
import { EMBEDDING_MODEL_NAME } from "@verbatim/engine";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.js";
import { insertUser } from "../src/users/repo.js";
import { voicesForDiarization, voiceNameKey } from "../src/voices/repo.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";

describe.each(DATABASE_KINDS)("saved voices for diarization on %s", (kind) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await createTestDatabase(kind));
  });
  afterAll(async () => close?.());

  async function user(): Promise<string> {
    const id = randomUUID();
    await insertUser(db, { id, email: `${id}@example.com`, name: "", locale: "en" }, new Date());
    return id;
  }

  async function saveVoice(userId: string, name: string, model: string, at: string) {
    await db
      .insertInto("voices")
      .values({
        id: randomUUID(),
        user_id: userId,
        name,
        name_key: voiceNameKey(name),
        embedding_json: JSON.stringify([0.1, 0.2, 0.3]),
        model,
        duration_ms: 4000,
        created_at: at,
      })
      .execute();
  }

  it("gives the user's voices made by the current embedding model, oldest first", async () => {
    const ana = await user();
    const other = await user();
    await saveVoice(ana, "Bea", EMBEDDING_MODEL_NAME, "2026-11-02T00:00:00.000Z");
    await saveVoice(ana, "Ana", EMBEDDING_MODEL_NAME, "2026-11-01T00:00:00.000Z");
    await saveVoice(ana, "Old model", "some-other-embedding-model", "2026-10-01T00:00:00.000Z");
    await saveVoice(other, "Stranger", EMBEDDING_MODEL_NAME, "2026-10-01T00:00:00.000Z");

    const voices = await voicesForDiarization(db, ana);
    expect(voices).toEqual([
      { name: "Ana", embedding: [0.1, 0.2, 0.3] },
      { name: "Bea", embedding: [0.1, 0.2, 0.3] },
    ]);
  });
});
