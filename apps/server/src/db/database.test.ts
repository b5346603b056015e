import SQLite from "better-sqlite3";
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

// Reading statements get their rows from better-sqlite3 as arrays and name the values in
// JavaScript, with the names read when the statement was prepared: a cached statement must
// still name every column after the schema changes, from this connection or another one.
describe("rows read through the statement cache", () => {
  const dir = mkdtempSync(join(tmpdir(), "verbatim-db-"));
  const path = join(dir, "verbatim.db");
  const db = openDatabase({ kind: "sqlite", path });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const everything = () =>
    sql<Record<string, unknown>>`select * from notes order by id`.execute(db);

  it("are objects named by their columns, later columns winning a repeated name", async () => {
    await sql`create table notes (id integer primary key, body text, at text)`.execute(db);
    await sql`insert into notes (body, at) values ('one', null), ('two', '2026-01-01')`.execute(db);
    expect((await everything()).rows).toEqual([
      { id: 1, body: "one", at: null },
      { id: 2, body: "two", at: "2026-01-01" },
    ]);
    const repeated = await sql`select id, body as id from notes where id = 1`.execute(db);
    expect(repeated.rows).toEqual([{ id: "one" }]);
    const iterated: unknown[] = [];
    for await (const row of db
      .selectFrom("notes" as never)
      .selectAll()
      .stream())
      iterated.push(row);
    expect(iterated).toEqual((await everything()).rows);
  });

  it("name a column renamed on this connection", async () => {
    await everything();
    await sql`alter table notes rename column at to written_at`.execute(db);
    expect((await everything()).rows[0]).toEqual({ id: 1, body: "one", written_at: null });
  });

  it("name a column added by another connection", async () => {
    await everything();
    const other = new SQLite(path);
    other.exec("alter table notes add column tag text default 'x'");
    other.close();
    expect((await everything()).rows[0]).toEqual({
      id: 1,
      body: "one",
      written_at: null,
      tag: "x",
    });
  });
});
