import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DatabaseConfig } from "../src/config.js";
import { migrateToLatest, openDatabase, type Db } from "../src/db/database.js";

/** PostgreSQL for tests: TEST_DATABASE_URL, else the local server's `verbatim_test` database. */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/verbatim_test";

/** The two databases every repository and integration test runs against. */
export const DATABASE_KINDS = ["sqlite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** A migrated, empty database of that kind; `close` drops what it made. */
export async function createTestDatabase(
  kind: DatabaseKind,
): Promise<{ db: Db; config: DatabaseConfig; close: () => Promise<void> }> {
  if (kind === "sqlite") {
    const config = { kind: "sqlite", path: ":memory:" } as const;
    const db = openDatabase(config);
    await migrateToLatest(db);
    return { db, config, close: () => db.destroy() };
  }
  // A schema of its own per test file, so files can run in parallel on one database.
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await ensurePostgresDatabase();
  const admin = openDatabase({ kind: "postgres", url: TEST_POSTGRES_URL });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const url = `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const config = { kind: "postgres", url } as const;
  const db = openDatabase(config);
  const drop = async () => {
    await db.destroy();
    await oneAtATime(admin, () => sql`drop schema ${sql.id(schema)} cascade`.execute(admin));
    await admin.destroy();
  };
  try {
    await oneAtATime(admin, () => migrateToLatest(db, { schema }));
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    db,
    config,
    close: drop,
  };
}

/**
 * Runs `work` while no other test file drops or migrates a schema of the shared test database:
 * Kysely's migrator reads the catalog of every schema, and one that another file drops meanwhile
 * fails that read ("schema t_… does not exist"). A transaction's advisory lock, held by `admin`.
 */
async function oneAtATime<T>(admin: Db, work: () => Promise<T>): Promise<T> {
  return admin.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEMA_CHANGES_LOCK})`.execute(trx);
    return work();
  });
}

/** The advisory lock key of schema changes in the test database (any fixed number). */
const SCHEMA_CHANGES_LOCK = 7_215_001;

/** Creates the test database when the server does not have it yet (first run on a machine). */
async function ensurePostgresDatabase(): Promise<void> {
  const url = new URL(TEST_POSTGRES_URL);
  const name = url.pathname.replace(/^\//, "");
  url.pathname = "/postgres";
  const server = openDatabase({ kind: "postgres", url: url.toString() });
  try {
    const found = await sql<{
      n: number;
    }>`select 1 as n from pg_database where datname = ${name}`.execute(server);
    if (found.rows.length === 0)
      await sql`create database ${sql.id(name)}`.execute(server).catch(() => undefined);
  } finally {
    await server.destroy();
  }
}
