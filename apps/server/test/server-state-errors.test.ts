import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { hashPassword } from "../src/auth/password.js";
import { loadConfig } from "../src/config.js";
import { migrateToLatest, openDatabase } from "../src/db/database.js";
import { buildApp } from "../src/app.js";
import { serviceUnavailable } from "../src/http/error-handler.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { insertUser, setPasswordHash } from "../src/users/repo.js";
import { finishedTranscription } from "./support/finished-transcription.js";
import { fillDisk, mountTinyDisk } from "./support/tiny-disk.js";
import { fastEngineEnv, signedInUser, upload } from "./support/transcription-app.js";

// Failures of the server's own state — a full disk, a database held busy — are said plainly
// with the right status (507, 503), and cost the user nothing.

const scratch = scratchDir("verbatim-server-state-");
const tinyDisk = join(scratch.dir, "tiny-disk");
const mounted = mountTinyDisk(tinyDisk);
/** The database's own disk, filled up in a test. */
const databaseDisk = join(scratch.dir, "database-disk");
const databaseDiskMounted = mountTinyDisk(databaseDisk, "4m");
afterAll(() => {
  if (mounted) execFileSync("umount", [tinyDisk]);
  if (databaseDiskMounted) execFileSync("umount", [databaseDisk]);
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

  it.skipIf(!databaseDiskMounted && !process.env.CI)(
    "answers 507 STORAGE_FULL when a sign-in, a team or a comment cannot be stored, and signs in once there is room",
    async () => {
      expect(databaseDiskMounted).toBe(true);
      const config = loadConfig({
        LOG_LEVEL: "silent",
        DATABASE_URL: join(databaseDisk, "verbatim.db"),
        MODELS_AUTO_DOWNLOAD: "false",
      });
      const db = openDatabase(config.database);
      await migrateToLatest(db);
      const now = new Date();
      const user = await insertUser(
        db,
        { id: randomUUID(), email: "full@example.com", name: "Full", locale: "en" },
        now,
      );
      const password = "a long and unusual passphrase 42";
      await setPasswordHash(db, user.id, await hashPassword(password), now);
      const app = await buildApp({ config, db, maintenance: false });
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      const signIn = (language = "en") =>
        fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "accept-language": language },
          body: JSON.stringify({ email: "full@example.com", password }),
        });
      const sessions = async () =>
        (
          await db
            .selectFrom("auth_tokens")
            .select("user_id")
            .where("user_id", "=", user.id)
            .execute()
        ).length;
      // Signed in already, with a transcription to comment on: changes made in a transaction.
      const member = await signedInUser(db);
      const transcriptionId = await finishedTranscription(db, member.id, [
        { start: 0, end: 1000, text: "Hello." },
      ]);
      const post = (path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { ...member.auth, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const filler = join(databaseDisk, "filler");
      try {
        // The write-ahead log emptied, so the next write must grow a file on the full disk.
        await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
        fillDisk(filler);

        // SQLite ends a transaction itself on SQLITE_FULL: the rollback that followed used to
        // answer 500 ("cannot rollback - no transaction is active") instead of 507.
        for (const [path, body] of [
          ["/api/teams", { name: "Full disk" }],
          [`/api/transcriptions/${transcriptionId}/comments`, { body: "Hi", startMs: 0 }],
        ] as const) {
          const refused = await post(path, body);
          expect([path, refused.status]).toEqual([path, 507]);
          expect(((await refused.json()) as { code: string }).code).toBe("STORAGE_FULL");
        }

        const response = await signIn();
        expect(response.status).toBe(507);
        const body = (await response.json()) as { code: string; message: string };
        expect(body.code).toBe("STORAGE_FULL");
        expect(body.message).toMatch(/storage is full/);
        const inChinese = (await (await signIn("zh-HK")).json()) as {
          code: string;
          message: string;
        };
        expect(inChinese.code).toBe("STORAGE_FULL");
        expect(inChinese.message).toMatch(/儲存空間已滿/);
        expect(await sessions()).toBe(0);

        rmSync(filler);
        expect((await signIn()).status).toBe(200);
        expect(await sessions()).toBe(1);
      } finally {
        rmSync(filler, { force: true });
        await app.close();
        await db.destroy();
      }
    },
  );

  it("takes PostgreSQL's disk full (53100) for a full disk too", () => {
    // A PostgreSQL server's disk cannot be filled from here; its error code is what counts.
    expect(serviceUnavailable({ code: "53100" })?.status).toBe(507);
    expect(serviceUnavailable({ code: "53100" })?.code).toBe("STORAGE_FULL");
    expect(serviceUnavailable({ code: "SQLITE_FULL" })?.code).toBe("STORAGE_FULL");
  });

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
