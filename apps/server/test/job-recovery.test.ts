import { jobOptions } from "@verbatim/contract";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  JFK_MP3,
  loopedJfk,
  scratchDir,
} from "../../../packages/engine/test/helpers/media-files.js";
import { loadConfig } from "../src/config.js";
import { buildApp } from "../src/app.js";
import { MAX_STARTS_AFTER_A_DEATH } from "../src/jobs/transcription-task.js";
import { reserveMinutes } from "../src/minutes/minute-ledger.js";
import { insertTranscription, transition } from "../src/jobs/lifecycle/transition.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";
import {
  fastEngineEnv,
  readEvents,
  signedInUser,
  upload,
  type TestUser,
} from "./support/transcription-app.js";

describe.each(DATABASE_KINDS)("jobs across a restart on %s", (kind) => {
  const scratch = scratchDir("verbatim-recovery-");
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let user: TestUser;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    user = await signedInUser(database.db);
    env = { ...(await fastEngineEnv()), LOG_LEVEL: "silent", UPLOAD_DIR: scratch.dir };
  });
  afterAll(async () => {
    await database.close();
    scratch.cleanup();
  });

  /** Starts the server on the shared database, as a restart would. */
  async function start() {
    const config = { ...loadConfig(env), database: database.config };
    const app = await buildApp({ config, db: database.db, maintenance: false });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    return { app, base };
  }

  /** A job as a crashed server leaves it: processing, started `attempts` times. */
  async function interruptedJob(attempts: number) {
    const id = crypto.randomUUID();
    const mediaPath = join(scratch.dir, `${id}.upload`);
    copyFileSync(JFK_MP3, mediaPath);
    const now = new Date();
    await reserveMinutes(database.db, user.id, id, 11, now);
    await insertTranscription(
      database.db,
      {
        id,
        userId: user.id,
        fileName: "jfk.mp3",
        model: "whisper-1",
        engineModel: env.FAST_MODEL ?? "",
        options: jobOptions({ language: "auto", wordTimestamps: true }),
        mediaPath,
        mediaBytes: readFileSync(JFK_MP3).length,
        durationMs: 11_000,
      },
      now,
    );
    await transition(database.db, id, ["queued"], { status: "processing", attempts }, now);
    return { id, mediaPath };
  }

  const status = async (id: string) =>
    (
      await database.db
        .selectFrom("transcriptions")
        .select(["status", "error_code", "media_path"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).status;

  it("hands a running job back on shutdown, even while someone follows it; the next start finishes it", async () => {
    const first = await start();
    // 44 s of speech: still running when the server stops.
    const accepted = await upload(first.base, "/api/transcribe", {
      file: new Blob([readFileSync(loopedJfk(scratch.dir, 4))]),
      headers: { ...user.auth, prefer: "respond-async" },
    });
    const { id } = (await accepted.json()) as { id: string };
    const url = `${first.base}/api/transcriptions/${id}/events`;
    // A follower whose page stays open: its stream must not hold the shutdown until the job
    // ends (it used to, and the job ran to completion instead of going back to the queue).
    const follower = readEvents(url, user.auth);
    const seen = await readEvents(url, user.auth, (e) => e.event === "processing");
    expect(seen.at(-1)?.event).toBe("processing");
    expect(await status(id)).toBe("processing");
    await first.app.close();
    expect(await status(id)).toBe("queued");
    const followed = await follower;
    expect(followed.map((e) => e.event)).toContain("processing");
    expect(followed.map((e) => e.event)).not.toContain("completed");

    const second = await start();
    try {
      const events = await readEvents(`${second.base}/api/transcriptions/${id}/events`, user.auth);
      expect(events.at(-1)?.event).toBe("completed");
    } finally {
      await second.app.close();
    }
  });

  it("runs a job the server died with once more, and fails it, minutes back, when it died with it again", async () => {
    // Found running after the first death (started once): run again, it may not be the job's
    // fault. Found running after the second: failed, so that a job that kills the server stops
    // at the second restart (it was re-run until MAX_STARTS, the server dying each time).
    expect(MAX_STARTS_AFTER_A_DEATH).toBe(2);
    const retried = await interruptedJob(MAX_STARTS_AFTER_A_DEATH - 1);
    const given = await interruptedJob(MAX_STARTS_AFTER_A_DEATH);
    const server = await start();
    try {
      expect(await status(given.id)).toBe("failed");
      expect(existsSync(given.mediaPath)).toBe(false);
      const released = await database.db
        .selectFrom("minute_ledger")
        .select((eb) => eb.fn.sum<number | string>("seconds").as("net"))
        .where("reference", "=", given.id)
        .executeTakeFirst();
      expect(Number(released?.net)).toBe(0);

      const events = await readEvents(
        `${server.base}/api/transcriptions/${retried.id}/events`,
        user.auth,
      );
      expect(events.at(-1)?.event).toBe("completed");
      expect(existsSync(retried.mediaPath)).toBe(false);
    } finally {
      await server.app.close();
    }
  });
});
