import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { decodePcm } from "../../../packages/engine/src/media/decode.js";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import {
  startFleetProcess,
  startPostgres,
  startRedis,
  type TestPostgres,
  type FleetProcess,
  type TestRedis,
} from "./support/fleet.js";
import {
  fastEngineEnv,
  readEvents,
  signedInUser,
  upload,
  type TestUser,
} from "./support/transcription-app.js";

// Many machines (issue 7): API processes and worker processes share PostgreSQL, Redis and an
// upload folder. Real processes, and a Redis server and a PostgreSQL server of this test's own (restarted
// for real).

const jfk = new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" });
const ASYNC = { prefer: "respond-async" };

let redis: TestRedis;
let database: TestPostgres;
let uploads: ReturnType<typeof scratchDir>;
let env: Record<string, string>;
let apis: FleetProcess[] = [];
let workers: FleetProcess[] = [];
let longMedia: Blob;

beforeAll(async () => {
  uploads = scratchDir("verbatim-fleet-");
  [redis, database] = await Promise.all([startRedis(), startPostgres()]);
  env = {
    ...(await fastEngineEnv()),
    ENGINE_THREADS: "1",
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    UPLOAD_DIR: uploads.dir,
    JOB_LOCK_MS: "3000",
    WORKER_CONCURRENCY: "1",
  };
  apis = await Promise.all([startFleetProcess("api", env), startFleetProcess("api", env)]);
  workers = await Promise.all([startFleetProcess("worker", env), startFleetProcess("worker", env)]);
  // About a minute of speech, so a job runs long enough to be interrupted.
  const media = scratchDir("verbatim-fleet-media-");
  const long = join(media.dir, "long.mp3");
  ffmpeg("-stream_loop", "5", "-i", JFK_MP3, "-c", "copy", long);
  longMedia = new Blob([readFileSync(long)], { type: "audio/mpeg" });
  media.cleanup();
}, 120_000);

afterAll(async () => {
  await Promise.all([...apis, ...workers].map((p) => p.kill("SIGTERM")));
  await database?.stop();
  await redis?.stop();
  uploads?.cleanup();
});

async function submit(api: FleetProcess, user: TestUser, file = jfk): Promise<string> {
  const response = await upload(api.base, "/api/transcribe", {
    file,
    fields: { model: "whisper-1" },
    headers: { ...user.auth, ...ASYNC },
  });
  const body = (await response.json()) as { id: string };
  expect(response.status, JSON.stringify(body)).toBe(202);
  return body.id;
}

/** Waits until every one of these jobs has ended; returns their rows. */
async function settled(ids: string[], ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await database.db
      .selectFrom("transcriptions")
      .select(["id", "status", "attempts", "duration_ms", "error_code", "media_path"])
      .where("id", "in", ids)
      .execute();
    // A job is marked completed a moment before its charge is written: wait for both.
    const charged = new Set(
      (
        await database.db
          .selectFrom("minute_ledger")
          .select("reference")
          .where("reference", "in", ids)
          .where("kind", "=", "charge")
          .execute()
      ).map((entry) => entry.reference),
    );
    if (
      rows.length === ids.length &&
      rows.every(
        (row) =>
          !["queued", "processing"].includes(row.status) &&
          (row.status !== "completed" || charged.has(row.id)),
      )
    )
      return rows;
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Each job's ledger: how many charges, and its net effect in seconds. */
async function ledgerOf(id: string) {
  const rows = await database.db
    .selectFrom("minute_ledger")
    .select(["kind", "seconds"])
    .where("reference", "=", id)
    .execute();
  return {
    charges: rows.filter((row) => row.kind === "charge").length,
    net: rows.reduce((sum, row) => sum + row.seconds, 0),
  };
}

/** Completed: charged once, for its decoded duration. Failed: nothing charged. */
async function expectExactLedger(rows: Awaited<ReturnType<typeof settled>>) {
  for (const row of rows) {
    const ledger = await ledgerOf(row.id);
    if (row.status === "completed") {
      expect(ledger).toEqual({ charges: 1, net: -Math.ceil(row.duration_ms / 1000) });
    } else {
      expect(ledger.net, `${row.id} ${row.status}`).toBe(0);
    }
  }
}

function mediaLeft(): string[] {
  return readdirSync(uploads.dir).filter((name) => name.endsWith(".upload"));
}

describe("two API processes and two worker processes", () => {
  test("6 transcriptions through both APIs complete exactly once, each charged once, and progress reaches the other API", async () => {
    const health = (await (await fetch(`${apis[1]?.base}/api/health`)).json()) as {
      queue: { ok: boolean; detail: string };
    };
    expect(health.queue.ok).toBe(true);
    expect(health.queue.detail).toMatch(
      /no workers in this process \(ROLE=api\); fleet: 2 worker slots/,
    );
    const users = await Promise.all([signedInUser(database.db), signedInUser(database.db)]);
    // Enough that both workers are busy while jobs wait and the queue visibly moves.
    const JOBS = 6;
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      ids.push(await submit(apis[i % 2] as FleetProcess, users[i % 2] as TestUser));
    }
    // The last job was submitted through API 1 and waits behind the others: follow it on API 0.
    const last = ids[JOBS - 1] as string;
    const events = await readEvents(
      `${apis[0]?.base}/api/transcriptions/${last}/events`,
      users[1]?.auth ?? {},
    );
    const names = events.map((event) => event.event);
    expect(names[0]).toBe("queued");
    // Place and wait come from Redis's list and the fleet's reported slots and speed.
    expect(events[0]?.data).toMatchObject({
      position: expect.any(Number),
      waitSeconds: expect.any(Number),
    });
    expect(events[0]?.data.position as number).toBeGreaterThan(1);
    expect(names).toContain("processing");
    expect(names.at(-1)).toBe("completed");
    const positions = events
      .filter((event) => event.event === "queued")
      .map((event) => event.data.position as number);
    expect(positions.length).toBeGreaterThan(1); // the queue moved, as told by the workers
    expect(positions).toEqual([...positions].sort((a, b) => b - a));

    const rows = await settled(ids);
    expect(rows.map((row) => row.status)).toEqual(Array(JOBS).fill("completed"));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    await expectExactLedger(rows);
    // Both workers took part, and no media is left behind.
    const ran = await database.db
      .selectFrom("transcriptions")
      .select("worker_id")
      .distinct()
      .where("id", "in", ids)
      .execute();
    expect(ran.length).toBe(2);
    expect(mediaLeft()).toEqual([]);
  }, 240_000);

  test("a live session's viewer on the other API process follows its captions and its end (Redis)", async () => {
    const user = await signedInUser(database.db);
    const [speaker, other] = apis as [FleetProcess, FleetProcess];
    const started = await fetch(`${speaker.base}/api/live/sessions`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ language: "en" }),
    });
    expect(started.status).toBe(201);
    const { id, watchToken } = (await started.json()) as { id: string; watchToken: string };
    // The viewer, on the process that does not run the session.
    const events: string[] = [];
    const viewing = (async () => {
      const response = await fetch(`${other.base}/api/live/watch/${watchToken}/events`);
      const text = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await text.read();
        if (done) return;
        for (const match of value.matchAll(/^event: (\w+)$/gm)) events.push(match[1]!);
      }
    })();
    // Speech between two seconds of silence, in 100 ms frames at real time.
    const samples: number[] = new Array<number>(16_000).fill(0);
    for await (const block of decodePcm(
      new URL("../../../fixtures/media/lj001-0002.flac", import.meta.url).pathname,
    ))
      samples.push(...block);
    samples.push(...new Array<number>(16_000).fill(0));
    const pcm = Buffer.alloc(samples.length * 2);
    samples.forEach((v, i) =>
      pcm.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2),
    );
    const socket = new WebSocket(
      `${speaker.base.replace("http", "ws")}/api/live/sessions/${id}/socket`,
      { headers: user.auth },
    );
    socket.on("error", () => undefined);
    await new Promise((resolve) => socket.once("message", resolve)); // ready
    for (let at = 0; at < pcm.length; at += 3_200) {
      socket.send(pcm.subarray(at, at + 3_200));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitFor(async () => (events.includes("final") ? true : undefined), 30_000);
    const stop = await fetch(`${speaker.base}/api/live/sessions/${id}/stop`, {
      method: "POST",
      headers: user.auth,
    });
    expect(stop.status).toBe(200);
    await viewing;
    expect(events.at(-1)).toBe("ended");
    socket.close();
    // A viewer who comes after the end, on either process, is told it ended.
    const late = await fetch(`${other.base}/api/live/watch/${watchToken}/events`);
    expect(await late.text()).toMatch(/event: ended/);
  }, 90_000);

  test("sign-in limits hold across the API processes: the counters live in Redis", async () => {
    const email = `${randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await fetch(`${apis[i % 2]?.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "not-the-password-1" }),
      });
      statuses.push(response.status);
    }
    // Ten tries per address in all (DEFAULT_AUTH_RATE_LIMITS), not ten per process.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  test("a worker killed (SIGKILL) in the middle of a job: another takes it over, and it is charged once", async () => {
    const user = await signedInUser(database.db);
    const id = await submit(apis[0] as FleetProcess, user, longMedia);
    const victim = await runningOn(id);
    await victim.kill("SIGKILL");
    workers = workers.filter((worker) => worker !== victim);

    const [row] = await settled([id]);
    expect(row?.status).toBe("completed");
    expect(row?.attempts).toBe(2);
    await expectExactLedger(row ? [row] : []);
    expect(mediaLeft()).toEqual([]);
    workers.push(await startFleetProcess("worker", env));
  }, 180_000);

  test("SIGTERM stops a worker gracefully: its running job goes back to the queue and completes elsewhere, charged once", async () => {
    const user = await signedInUser(database.db);
    const id = await submit(apis[1] as FleetProcess, user, longMedia);
    const holder = await runningOn(id);
    const started = Date.now();
    expect(await holder.kill("SIGTERM")).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(holder.output()).toMatch(/stopped/);
    workers = workers.filter((worker) => worker !== holder);

    const [row] = await settled([id]);
    expect(row?.status).toBe("completed");
    expect(row?.attempts).toBe(1); // handed back, not counted as a failed start
    await expectExactLedger(row ? [row] : []);
    expect(mediaLeft()).toEqual([]);
    workers.push(await startFleetProcess("worker", env));
  }, 180_000);

  test("Redis restarts during a run (losing everything it held): no job is lost", async () => {
    const user = await signedInUser(database.db);
    const before: string[] = [];
    for (let i = 0; i < 4; i++) before.push(await submit(apis[i % 2] as FleetProcess, user));
    await redis.stop();
    // The API says Redis is away, without hanging.
    const health = await fetch(`${apis[0]?.base}/api/health`, {
      signal: AbortSignal.timeout(5_000),
    });
    const report = (await health.json()) as {
      status: string;
      queue: { ok: boolean; detail: string };
    };
    expect(report.status).toBe("degraded");
    expect(report.queue).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/Redis unreachable/),
    });
    // Uploads go on while Redis is away: the jobs are kept in the table.
    const during = [
      await submit(apis[0] as FleetProcess, user),
      await submit(apis[1] as FleetProcess, user),
    ];
    await redis.start();
    const rows = await settled([...before, ...during]);
    expect(
      rows.map((row) => row.status),
      JSON.stringify(rows) + workers.map((worker) => worker.output().slice(-4000)).join("\n"),
    ).toEqual(Array(6).fill("completed"));
    await expectExactLedger(rows);
    expect(mediaLeft()).toEqual([]);
  }, 180_000);

  test("PostgreSQL restarts during a run: no job is lost", async () => {
    const user = await signedInUser(database.db);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await submit(apis[i % 2] as FleetProcess, user));
    await waitFor(async () => {
      const row = await database.db
        .selectFrom("transcriptions")
        .select("id")
        .where("id", "in", ids)
        .where("status", "=", "processing")
        .executeTakeFirst();
      return row?.id;
    });
    await database.restart(3_000);
    const rows = await settled(ids);
    expect(
      rows.map((row) => row.status),
      JSON.stringify(rows) + workers.map((worker) => worker.output().slice(-3000)).join("\n"),
    ).toEqual(Array(4).fill("completed"));
    await expectExactLedger(rows);
    // Every process lived through it and still answers.
    for (const api of apis) expect((await fetch(`${api.base}/api/health`)).status).toBe(200);
    expect(mediaLeft()).toEqual([]);
  }, 180_000);
});

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The worker process running this job, once it has made progress. */
async function runningOn(id: string): Promise<FleetProcess> {
  const workerId = await waitFor(async () => {
    const row = await database.db
      .selectFrom("transcriptions")
      .select(["worker_id", "progress", "status"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row?.status === "processing" && row.worker_id && Number(row.progress) > 0
      ? row.worker_id
      : undefined;
  });
  const pid = Number(workerId.split(":")[1]); // host:pid:random
  const worker = workers.find((candidate) => candidate.pid === pid);
  if (!worker) throw new Error(`no worker process ${workerId}`);
  return worker;
}
