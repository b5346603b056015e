import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { loadConfig } from "../src/config.js";
import { migrateToLatest, openDatabase } from "../src/db/database.js";
import { buildApp } from "../src/http/app.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { fastEngineEnv, signedInUser, upload } from "./support/transcription-app.js";

// Failures of the server's own state — a full disk, a database held busy — are said plainly
// with the right status (507, 503), and cost the user nothing.

/** A 512 KB tmpfs: the upload folder of a server whose disk is full. Needs root (CI is). */
function mountTinyDisk(dir: string): boolean {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", dir], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

const scratch = scratchDir("verbatim-server-state-");
const tinyDisk = join(scratch.dir, "tiny-disk");
const mounted = mountTinyDisk(tinyDisk);
afterAll(() => {
  if (mounted) execFileSync("umount", [tinyDisk]);
  scratch.cleanup();
});

describe("server state errors", () => {
  // Mounting needs root; under CI (root) it must work, so the test never silently skips there.
  it.skipIf(!mounted && !process.env.CI)(
    "answers 507 when the disk is full, keeping and charging nothing",
    async () => {
      expect(mounted).toBe(true);
      const database = join(scratch.dir, "disk-full.db");
      const config = loadConfig({
        LOG_LEVEL: "silent",
        DATABASE_URL: database,
        UPLOAD_DIR: tinyDisk,
        ...(await fastEngineEnv()),
      });
      const db = openDatabase(config.database);
      await migrateToLatest(db);
      const app = await buildApp({ config, db, maintenance: false });
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      try {
        const user = await signedInUser(db);
        const big = new Blob([readFileSync(JFK_MP3), new Uint8Array(1024 * 1024)]);
        const response = await upload(base, "/api/transcribe", { file: big, headers: user.auth });
        expect(response.status).toBe(507);
        expect(((await response.json()) as { code: string }).code).toBe("INSUFFICIENT_STORAGE");
        expect(readdirSync(tinyDisk)).toEqual([]);
        expect(await minuteBalance(db, user.id)).toEqual({ planSeconds: 1200, packSeconds: 0 });
      } finally {
        await app.close();
        await db.destroy();
      }
    },
  );

  it("answers 503 with Retry-After when the database stays locked past its wait", async () => {
    const database = join(scratch.dir, "busy.db");
    const config = loadConfig({
      LOG_LEVEL: "silent",
      DATABASE_URL: database,
      MODELS_AUTO_DOWNLOAD: "false",
    });
    const db = openDatabase(config.database);
    await migrateToLatest(db);
    const app = await buildApp({ config, db, maintenance: false });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    // Another process's writer holds the lock longer than SQLite's busy wait (5 s).
    const other = new SQLite(database);
    other.pragma("busy_timeout = 0");
    other.exec("BEGIN IMMEDIATE");
    try {
      const response = await fetch(`${base}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "busy@example.com",
          password: "a long and unusual passphrase 42",
          name: "Busy",
        }),
      });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("2");
      expect(((await response.json()) as { code: string }).code).toBe("DATABASE_BUSY");
    } finally {
      other.exec("ROLLBACK");
      other.close();
      await app.close();
      await db.destroy();
    }
  });
});
