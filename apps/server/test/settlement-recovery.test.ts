import { jobOptions } from "@verbatim/contract";
import type { FastifyBaseLogger } from "fastify";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import type { Db } from "../src/db/database.js";
import { EmbeddedWorkers } from "../src/jobs/embedded-workers.js";
import { JobEvents } from "../src/jobs/job-events.js";
import type { JobQueue } from "../src/jobs/job-queue.js";
import { waitForOutcome } from "../src/transcriptions/transcription-context.js";
import { claimJob } from "../src/jobs/lifecycle/state-machine.js";
import { completeJob } from "../src/jobs/lifecycle/settlement.js";
import { insertTranscription } from "../src/jobs/lifecycle/transition.js";
import { MAX_STARTS } from "../src/jobs/transcription-task.js";
import { minuteBalance, reserveMinutes } from "../src/minutes/minute-ledger.js";
import { newLedgerUser } from "./support/ledger-user.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";

// A job whose settlement fails (the database's disk full, the database restarting) is not left
// `processing` with its minutes held until the next restart: the settlement is tried again, a
// job no worker runs any more is recovered while the server runs, and an ended job whose
// minutes were never settled is settled.

const silent = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

/** The same database, but the first `count` writes to the ledger fail as a full disk does. */
function failingLedgerWrites(db: Db, count: number): { db: Db; failed: () => number } {
  let failed = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (
        failed < count &&
        node.kind === "InsertQueryNode" &&
        JSON.stringify(node).includes('"minute_ledger"')
      ) {
        failed++;
        throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
      }
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return { db: db.withPlugin(plugin), failed: () => failed };
}

describe.each(DATABASE_KINDS)("settling jobs whose settlement failed, on %s", (kind) => {
  let db: Db;
  let close: () => Promise<void>;
  const T0 = new Date();

  beforeAll(async () => {
    ({ db, close } = await createTestDatabase(kind));
  });
  afterAll(() => close());

  /** A user's 60 s job, its minutes reserved, running under `workerId`. */
  async function runningJob(workerId: string) {
    const user = await newLedgerUser(db, T0);
    const id = crypto.randomUUID();
    await reserveMinutes(db, user, id, 60, T0);
    await insertTranscription(
      db,
      {
        id,
        userId: user,
        fileName: "talk.mp3",
        model: "whisper-1",
        engineModel: "tiny",
        options: jobOptions({ language: "auto", wordTimestamps: false }),
        mediaPath: `/nonexistent/${id}`,
        mediaBytes: 1,
        durationMs: 60_000,
      },
      T0,
    );
    const row = await claimJob(db, id, workerId, T0);
    if (!row) throw new Error("not claimed");
    return { user, row };
  }

  /** This process's embedded workers, not started: the tests call their sweep themselves. */
  const embeddedWorkers = () =>
    new EmbeddedWorkers(
      {
        db,
        config: loadConfig({ LOG_LEVEL: "silent" }),
        events: new JobEvents(),
        log: silent,
        now: () => new Date(),
      },
      1,
    );

  const statusOf = async (id: string) =>
    db
      .selectFrom("transcriptions")
      .select(["status", "charged_seconds"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("completes and charges a job when the ledger's first writes fail", async () => {
    const { user, row } = await runningJob("w1");
    const flaky = failingLedgerWrites(db, 3);
    const completed = await completeJob(
      flaky.db,
      row,
      {
        cues: [],
        segments: [],
        language: "en",
        durationMs: 30_000,
        family: "whisper",
        audio: null,
      },
      () => new Date(),
      { workerId: "w1" },
    );
    expect(flaky.failed()).toBe(3);
    expect(completed).toBe(true);
    expect(await statusOf(row.id)).toEqual({ status: "completed", charged_seconds: 30 });
    expect(await minuteBalance(db, user)).toEqual({ planSeconds: 1170, packSeconds: 0 });
  }, 30_000);

  // completeJob marks the row completed, then charges it: the synchronous upload's answer
  // (waitForOutcome polls every 2 s) could read the row in between and say nothing was charged
  // (team-flow's "chargedSeconds: null", seen under load).
  it("answers a waiting upload with the charge, not the moment between completion and charge", async () => {
    const { row } = await runningJob("w1");
    const answered = waitForOutcome(
      { db, jobs: { events: new JobEvents() } as unknown as JobQueue },
      row.id,
      new AbortController().signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await db
      .updateTable("transcriptions")
      .set({ status: "completed", finished_at: new Date().toISOString() })
      .where("id", "=", row.id)
      .execute();
    // Charged as completeJob charges, after the row says completed: here after the answer's poll.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await db
      .updateTable("transcriptions")
      .set({ charged_seconds: 60 })
      .where("id", "=", row.id)
      .execute();
    expect((await answered)?.charged_seconds).toBe(60);
  }, 30_000);

  it("recovers while running a job of this process that no loop runs any more", async () => {
    const workers = embeddedWorkers();
    // Its worker's settlement failed a while ago: the row still says `processing`, no heartbeat.
    const { row } = await runningJob(workers.id);
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await db
      .updateTable("transcriptions")
      .set({ heartbeat_at: old })
      .where("id", "=", row.id)
      .execute();
    // Another process's job, and one of ours whose heartbeat is fresh, are left alone.
    const { row: elsewhere } = await runningJob("another-process");
    await db
      .updateTable("transcriptions")
      .set({ heartbeat_at: old })
      .where("id", "=", elsewhere.id)
      .execute();
    const { row: fresh } = await runningJob(workers.id);

    expect(await workers.sweep()).toBeGreaterThanOrEqual(1);
    expect((await statusOf(row.id)).status).toBe("queued");
    expect((await statusOf(elsewhere.id)).status).toBe("processing");
    expect((await statusOf(fresh.id)).status).toBe("processing");

    // One started too often is failed instead, charged for the text it had delivered.
    const { user, row: tired } = await runningJob(workers.id);
    await db
      .updateTable("transcriptions")
      .set({ heartbeat_at: old, attempts: MAX_STARTS, transcribed_ms: 12_345 })
      .where("id", "=", tired.id)
      .execute();
    await workers.sweep();
    expect(await statusOf(tired.id)).toEqual({ status: "failed", charged_seconds: 13 });
    expect(await minuteBalance(db, user)).toEqual({ planSeconds: 1187, packSeconds: 0 });
  }, 30_000);

  it("settles ended jobs whose minutes were never settled", async () => {
    const workers = embeddedWorkers();
    const end = (id: string, status: string, transcribedMs: number) =>
      db
        .updateTable("transcriptions")
        .set({
          status,
          transcribed_ms: transcribedMs,
          duration_ms: 42_000,
          finished_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .execute();
    // Marked, but the process died before the ledger was written.
    const completed = await runningJob("gone");
    await end(completed.row.id, "completed", 0);
    const cancelled = await runningJob("gone");
    await end(cancelled.row.id, "cancelled", 4_200);
    const silentFailure = await runningJob("gone");
    await end(silentFailure.row.id, "failed", 0);

    await workers.sweep();
    expect(await statusOf(completed.row.id)).toEqual({ status: "completed", charged_seconds: 42 });
    expect(await statusOf(cancelled.row.id)).toEqual({ status: "cancelled", charged_seconds: 5 });
    expect(await statusOf(silentFailure.row.id)).toEqual({ status: "failed", charged_seconds: 0 });
    expect(await minuteBalance(db, completed.user)).toEqual({ planSeconds: 1158, packSeconds: 0 });
    expect(await minuteBalance(db, cancelled.user)).toEqual({ planSeconds: 1195, packSeconds: 0 });
    expect(await minuteBalance(db, silentFailure.user)).toEqual({
      planSeconds: 1200,
      packSeconds: 0,
    });
  }, 30_000);
});
