import { sql } from "kysely";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

// better-sqlite3 runs on the API's event loop: a commit must not wait there for an fsync of the
// log (synchronous FULL, SQLite's default, did: 4 ms a commit, over 100 ms on a busy disk).
describe("a SQLite file", () => {
  const dir = mkdtempSync(join(tmpdir(), "verbatim-db-"));
  const db = openDatabase({ kind: "sqlite", path: join(dir, "verbatim.db") });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is written ahead, synced at checkpoints, not at each commit", async () => {
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("synchronous")).toBe(1); // NORMAL (FULL is 2)
  });
});
