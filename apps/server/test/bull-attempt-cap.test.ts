import { jobOptions } from "@verbatim/contract";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { loadConfig } from "../src/config.js";
import { buildApp } from "../src/app.js";
import { MAX_STARTS } from "../src/jobs/transcription-task.js";
import { minuteBalance, reserveMinutes } from "../src/minutes/minute-ledger.js";
import { insertTranscription, transition } from "../src/jobs/lifecycle/transition.js";
import { startRedis, type TestRedis } from "./support/fleet.js";
import { fastEngineEnv, signedInUser, type TestUser } from "./support/transcription-app.js";
import { createTestDatabase } from "./test-database.js";

// The BullMQ path's cap on restarts (docs/deployment.md), in one process with a Redis of its own
// (the fleet test covers many processes; this one only the cap, quickly): a job started
// MAX_STARTS times is failed with its minutes released instead of being started again, whether
// BullMQ delivers it to a worker or the sweeper finds it under a worker that went silent.

describe("jobs interrupted too often, on BullMQ", () => {
  const scratch = scratchDir("verbatim-bull-cap-");
  let redis: TestRedis;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let user: TestUser;
  let env: Record<string, string>;

  beforeAll(async () => {
    [redis, database] = await Promise.all([startRedis(), createTestDatabase("postgres")]);
    user = await signedInUser(database.db);
    env = {
      ...(await fastEngineEnv()),
      LOG_LEVEL: "silent",
      UPLOAD_DIR: scratch.dir,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `cap-${process.pid}`,
      JOB_LOCK_MS: "2000",
      WORKER_CONCURRENCY: "1",
    };
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await redis?.stop();
    scratch.cleanup();
  });

  /** A minute ago, long enough for the sweeper to look at a row (past every grace period). */
  const aMinuteAgo = () => new Date(Date.now() - 60_000);

  /**
   * A job left as the table says after `attempts` starts, that Redis does not hold (a worker
   * died, Redis lost it): `queued` again (handed back), or `processing` under a silent worker.
   */
  async function startedJob(attempts: number, status: "queued" | "processing") {
    const id = crypto.randomUUID();
    const mediaPath = join(scratch.dir, `${id}.upload`);
    copyFileSync(JFK_MP3, mediaPath);
    const at = aMinuteAgo();
    await reserveMinutes(database.db, user.id, id, 11, at);
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
      at,
    );
    const changes =
      status === "queued"
        ? { attempts }
        : { status, attempts, worker_id: "gone:1:dead", heartbeat_at: at.toISOString() };
    expect(await transition(database.db, id, ["queued"], changes, at)).toBe(true);
    return { id, mediaPath };
  }

  async function row(id: string) {
    return database.db
      .selectFrom("transcriptions")
      .select(["status", "attempts", "error_code", "error_message", "media_path"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  async function netMinutes(id: string): Promise<number> {
    const result = await database.db
      .selectFrom("minute_ledger")
      .select((eb) => eb.fn.sum<number | string>("seconds").as("net"))
      .where("reference", "=", id)
      .executeTakeFirst();
    return Number(result?.net ?? 0);
  }

  async function settled(ids: string[], ms = 90_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const rows = await Promise.all(ids.map(row));
      if (rows.every((r) => r.status === "completed" || r.status === "failed")) return rows;
      if (Date.now() > deadline) {
        throw new Error(`jobs still running: ${JSON.stringify(rows.map((r) => r.status))}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it(`fails a job on its ${MAX_STARTS + 1}th start, minutes released; the ${MAX_STARTS}th still runs`, async () => {
    expect(MAX_STARTS).toBe(5);
    const before = await minuteBalance(database.db, user.id, new Date());
    // Delivered by BullMQ (the sweeper hands queued rows Redis lacks to it) to this worker:
    const lastChance = await startedJob(MAX_STARTS - 1, "queued");
    const tooMany = await startedJob(MAX_STARTS, "queued");
    // Found by the sweeper under a worker that stopped beating:
    const silentOnce = await startedJob(MAX_STARTS - 1, "processing");
    const silentTooOften = await startedJob(MAX_STARTS, "processing");
    const ids = [lastChance, tooMany, silentOnce, silentTooOften].map((job) => job.id);
    for (const id of ids) expect(await netMinutes(id)).toBe(-11);

    const config = { ...loadConfig(env), database: database.config };
    const app = await buildApp({ config, db: database.db, maintenance: false });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const [ran, failedOnStart, rerun, failedBySweeper] = await settled(ids);

      // One start left: both run to the end, on their MAX_STARTS-th start.
      expect(ran).toMatchObject({ status: "completed", attempts: MAX_STARTS });
      expect(rerun).toMatchObject({ status: "completed", attempts: MAX_STARTS });

      // Delivered once more: counted as a start, then failed without running.
      expect(failedOnStart).toMatchObject({
        status: "failed",
        attempts: MAX_STARTS + 1,
        error_code: "ENGINE_FAILED",
        media_path: null,
      });
      // Under a silent worker after MAX_STARTS starts: failed by the sweeper, never started again.
      expect(failedBySweeper).toMatchObject({
        status: "failed",
        attempts: MAX_STARTS,
        error_code: "ENGINE_FAILED",
        media_path: null,
      });
      for (const failed of [failedOnStart, failedBySweeper]) {
        expect(failed?.error_message).toContain("interrupted too many times");
      }
      for (const job of [tooMany, silentTooOften]) {
        expect(await netMinutes(job.id)).toBe(0);
        expect(existsSync(job.mediaPath)).toBe(false);
      }
    } finally {
      await app.close();
    }
    // Both failed jobs gave their reservations back: only the two that ran were charged.
    const after = await minuteBalance(database.db, user.id, new Date());
    const charged =
      before.planSeconds + before.packSeconds - (after.planSeconds + after.packSeconds);
    expect(charged).toBe(-(await netMinutes(lastChance.id)) - (await netMinutes(silentOnce.id)));
    expect(charged).toBeGreaterThan(0);
  }, 120_000);
});
