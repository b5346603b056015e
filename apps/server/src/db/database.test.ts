import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "./database.js";

// SQLite ends a transaction itself on some failures (a full disk's SQLITE_FULL among them):
// the error that says so must reach the caller, not the failed rollback that Kysely tries
// next (issue 44: "cannot rollback - no transaction is active" turned a 507 into a 500).

describe("a transaction SQLite already ended", () => {
  const db = openDatabase({ kind: "sqlite", path: ":memory:" });
  afterAll(() => db.destroy());

  it("fails with its own error, not the rollback's", async () => {
    await migrateToLatest(db);
    const diskFull = Object.assign(new Error("database or disk is full"), {
      code: "SQLITE_FULL",
    });
    const failed = db
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom("users").select("id").execute();
        // What SQLite does by itself on SQLITE_FULL: the transaction is gone.
        await sql`rollback`.execute(trx);
        throw diskFull;
      })
      .catch((error: unknown) => error);
    expect(await failed).toBe(diskFull);
    // The connection is usable afterwards.
    expect(await db.selectFrom("users").select("id").execute()).toEqual([]);
  });
});
