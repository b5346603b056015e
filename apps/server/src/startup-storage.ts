import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { sql } from "kysely";
import type { Config } from "./config.js";
import { migrateToLatest, openDatabase, type Db } from "./db/database.js";
import { isDiskFull } from "./http/error-handler.js";

/**
 * A reason the server cannot start that its operator fixes outside it (a read-only file, a
 * full disk): main prints the message, one line without a stack, and exits with code 2.
 */
export class StartupProblem extends Error {}

/** Errors that mean "this place cannot be written": SQLite's and the file system's. */
const NOT_WRITABLE =
  /^(SQLITE_READONLY|SQLITE_CANTOPEN|SQLITE_PERM|EROFS|EACCES|EPERM|ENOENT|ENOTDIR)/;

/** The error's code, or its cause's (a failed migration wraps the database's error). */
function codeOf(error: unknown): string | undefined {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** What went wrong with `path`, said for the operator, or null when it is not about storage. */
function storageProblem(
  error: unknown,
  what: string,
  path: string,
  remedy: string,
): StartupProblem | null {
  const code = codeOf(error);
  if (!code) return null;
  if (isDiskFull({ code })) {
    return new StartupProblem(
      `Cannot start: the disk holding ${what} ${path} is full (${code}). Free some space there, then start the server again.`,
    );
  }
  if (!NOT_WRITABLE.test(code)) return null;
  return new StartupProblem(`Cannot start: ${what} ${path} cannot be written (${code}). ${remedy}`);
}

/**
 * SQLite opens a file it may not write read-only without a word, and a migrated database is
 * only read at start: rewriting the header's user_version (the same value) is a write that
 * fails now rather than at a user's first sign-in.
 */
async function checkSqliteWritable(db: Db): Promise<void> {
  const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db);
  const version = Number(rows[0]?.user_version ?? 0);
  await sql.raw(`PRAGMA user_version = ${version}`).execute(db);
}

/** A file written and removed in `dir` (created when missing): throws what the disk says. */
function checkFolderWritable(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const probe = join(dir, `.write-check-${process.pid}`);
  writeFileSync(probe, "");
  rmSync(probe);
}

/**
 * The database opened and migrated, and the upload folder checked, before the server takes
 * requests: a read-only or full disk is a {@link StartupProblem}, not a stack trace.
 */
export async function openStorage(config: Pick<Config, "database" | "uploadDir">): Promise<Db> {
  try {
    checkFolderWritable(config.uploadDir);
  } catch (error) {
    throw (
      storageProblem(
        error,
        "the upload folder",
        config.uploadDir,
        "Make it writable by the user the server runs as (on a disk mounted read-write), or set UPLOAD_DIR (or DATA_DIR) to a writable folder.",
      ) ?? error
    );
  }
  const { database } = config;
  let db: Db | undefined;
  try {
    db = openDatabase(database);
    if (database.kind === "sqlite") await checkSqliteWritable(db);
    await migrateToLatest(db);
    return db;
  } catch (error) {
    await db?.destroy().catch(() => undefined);
    const problem =
      database.kind === "sqlite" && database.path !== ":memory:"
        ? storageProblem(
            error,
            "the SQLite database",
            database.path,
            `The server writes that file and its -wal and -shm files beside it: make the file and its folder ${dirname(database.path)} writable by the user the server runs as (on a disk mounted read-write), or set DATABASE_URL (or DATA_DIR) to a writable place.`,
          )
        : null;
    throw problem ?? error;
  }
}

/**
 * The process's storage, or — when a place cannot be written — its one-line reason on standard
 * error and exit code 2 (the server and the worker start alike).
 */
export async function openStorageOrExit(
  config: Pick<Config, "database" | "uploadDir">,
): Promise<Db> {
  try {
    return await openStorage(config);
  } catch (error) {
    if (!(error instanceof StartupProblem)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
