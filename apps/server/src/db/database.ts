import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
  type Transaction,
} from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config.js";
import { migrationProvider } from "./migrations/index.js";
import type { Database } from "./schema.js";

/** The database handle the repositories use. */
export type Db = Kysely<Database>;

/** A transaction on it (a ledger verb under the user's lock, a job and its reservation). */
export type Tx = Transaction<Database>;

/** Opens SQLite (WAL, synchronous NORMAL, foreign keys on) or a PostgreSQL pool, as configured. */
export function openDatabase(config: DatabaseConfig): Db {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolMax ?? 10 });
    // An idle connection dropped by the server (a restart) is replaced on next use; without a
    // listener the pool's error would end the process.
    pool.on("error", (error) => {
      console.warn(`PostgreSQL connection lost (${error.message}); reconnecting on next use`);
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (config.path !== ":memory:") mkdirSync(dirname(config.path), { recursive: true });
  const sqlite = new SQLite(config.path);
  sqlite.pragma("journal_mode = WAL");
  // better-sqlite3 runs on the API's event loop. With SQLite's default (FULL) every commit waits
  // for an fsync of the log: 4 ms a commit on this disk, over 100 ms when it is busy, and the
  // loop waits with it (2.2 s of a 15 s bench:api mixed run). NORMAL syncs at checkpoints only:
  // still never a corrupt database; a power cut (not a crash of the process) may lose the last
  // commits, as it may the uploaded files, which are not synced either.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
}

/** Statements kept at most; the app's queries are a few hundred distinct texts. */
const STATEMENT_CACHE_SIZE = 1000;

/** A statement that changes the schema (a migration's): the cached statements' columns may change. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * Kysely prepares every query anew; preparing is a large share of a short request. Prepared
 * statements are reused by their SQL text (Kysely runs one query at a time on SQLite, and
 * SQLite re-prepares a statement itself when the schema changes); a reading one names its
 * rows' values itself (`namingRows`). A statement that changes the schema empties the cache.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      // SQLite ends a transaction itself on some failures (SQLITE_FULL: a full disk, among
      // them). Kysely's rollback after the failure then threw "cannot rollback - no transaction
      // is active", which replaced the error that says what happened (507 STORAGE_FULL became
      // a 500). With no transaction open there is nothing to roll back: a statement that does
      // nothing, and the first error is the one thrown.
      if (text === "rollback" && !sqlite.inTransaction) text = "select 1 where 0";
      if (SCHEMA_CHANGE.test(text)) cache.clear();
      let statement = cache.get(text);
      if (!statement) {
        const prepared = sqlite.prepare(text);
        statement = prepared.reader ? namingRows(prepared) : prepared;
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * A reading statement whose rows better-sqlite3 reads as arrays and this names: better-sqlite3
 * builds each row object in C++, a property at a time (a 100-row history page: 0.44 ms of CPU;
 * as arrays named here, 0.30 ms). The names are read once, when the statement is prepared;
 * a row of another width (the schema changed under a `select *`, from another connection)
 * reads them again, and a schema change on this connection empties the cache first.
 */
function namingRows(statement: SQLite.Statement): SqliteStatement {
  const rows = statement.raw(true);
  const columnNames = () => rows.columns().map((column) => column.name);
  let names = columnNames();
  const named = (values: unknown[]): Record<string, unknown> => {
    if (values.length !== names.length) names = columnNames();
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (rows.all(parameters) as unknown[][]).map(named),
    run: (parameters) => rows.run(parameters),
    *iterate(parameters) {
      for (const values of rows.iterate(parameters) as IterableIterator<unknown[]>) {
        yield named(values);
      }
    },
  };
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db, options: { schema?: string } = {}): Promise<void> {
  // A schema of its own (PostgreSQL tests) keeps its migration tables there too: Kysely would
  // otherwise find another schema's lock table and skip creating its own.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    const which = failed ? ` (migration ${failed.migrationName})` : "";
    throw new Error(`Database migration failed${which}: ${String(error)}`, { cause: error });
  }
}

/** Checks the connection with a trivial query. */
export async function pingDatabase(db: Db): Promise<void> {
  // One row at most, found by the primary key's index: no count over the whole table.
  await db.selectFrom("users").select("id").limit(1).execute();
}
