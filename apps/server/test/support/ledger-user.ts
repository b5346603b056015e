import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/database.js";
import { startFreePlan } from "../../src/minutes/minute-ledger.js";

/** A user on Free, made directly in the database at `at`, for the ledger's own tests. */
export async function newLedgerUser(db: Db, at: Date): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("users")
    .values({
      id,
      email: `${id}@example.com`,
      name: null,
      password_hash: null,
      locale: "en",
      comment_mails: 1,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .execute();
  await startFreePlan(db, id, at);
  return id;
}
