// `npm run bench:scale`: the many-machines set-up on this one machine. One API process
// (ROLE=api), N worker processes (1 job at a time, 1 engine thread each), a Redis server of its
// own and a PostgreSQL database of its own, and M jobs per fleet size. For each: throughput
// (jobs per minute, per worker per hour), queue latency (mean and p95 wait from accepted to
// started), the API's latency while the workers are busy, each worker's peak memory (its
// process and the engine's), and what the run cost the database and Redis per 1,000 jobs.
//
//   npm run bench:scale                                   # N = 1, 2, 4; M = 24
//   BENCH_WORKERS=1,2 BENCH_JOBS=40 npm run bench:scale
import { readdirSync, readFileSync } from "node:fs";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { availableParallelism } from "node:os";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import {
  startFleetProcess,
  startPostgres,
  startRedis,
  type FleetProcess,
} from "../test/support/fleet.js";
import { signedInUser, upload } from "../test/support/transcription-app.js";
import { isFinal } from "../src/jobs/job-row.js";
import { grantMinutes } from "../src/minutes/admin-grants.js";
import { tinyModel } from "./bench-server.js";
import autocannon from "autocannon";

const JOBS = Number(process.env.BENCH_JOBS ?? 24);
const FLEETS = (process.env.BENCH_WORKERS ?? "1,2,4").split(",").map(Number);

interface Figures {
  workers: number;
  jobsPerMinute: number;
  jobsPerWorkerHour: number;
  meanWaitS: number;
  p95WaitS: number;
  apiP50Ms: number;
  apiP99Ms: number;
  apiReqPerSec: number;
  /** Peak resident memory of one worker process with its engine process, in MB (largest). */
  workerPeakMb: number;
  /** PostgreSQL transactions and rows read/written per 1,000 jobs. */
  dbXactsPer1000: number;
  dbRowsPer1000: number;
  /** Redis commands per 1,000 jobs. */
  redisCommandsPer1000: number;
}

const media = new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" });
const uploads = scratchDir("verbatim-bench-scale-");
const [redis, database] = await Promise.all([startRedis(), startPostgres()]);
const env = {
  LOG_LEVEL: "warn",
  FAST_MODEL: await tinyModel(),
  ACCURATE_MODEL: "/nonexistent/ggml-small.bin",
  ENGINE_THREADS: "1",
  ENGINE_BEAM_SIZE: "1",
  ENGINE_TEMPERATURE_FALLBACK: "false",
  WORKER_CONCURRENCY: "1",
  DATABASE_URL: database.url,
  REDIS_URL: redis.url,
  UPLOAD_DIR: uploads.dir,
};
const api = await startFleetProcess("api", { ...env, LOG_LEVEL: "info" });
const figures: Figures[] = [];
try {
  for (const size of FLEETS) figures.push(await runFleet(size));
} finally {
  await api.kill("SIGTERM");
  await database.stop();
  await redis.stop();
  uploads.cleanup();
}

console.log(
  `\nbench:scale — ${JOBS} jobs of ${JFK_MP3.split("/").at(-1)} (11 s) per run, random-weight tiny model, ` +
    `1 engine thread per worker, ${availableParallelism()} cores, PostgreSQL + Redis on this machine\n`,
);
console.log(
  "| worker processes | jobs/min | jobs/worker/h | mean wait (s) | p95 wait (s) | API req/s | API p50 (ms) | API p99 (ms) | worker peak (MB) |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const f of figures) {
  console.log(
    `| ${f.workers} | ${f.jobsPerMinute.toFixed(1)} | ${f.jobsPerWorkerHour.toFixed(0)} | ${f.meanWaitS.toFixed(1)} | ${f.p95WaitS.toFixed(1)} | ${f.apiReqPerSec.toFixed(0)} | ${f.apiP50Ms} | ${f.apiP99Ms} | ${f.workerPeakMb.toFixed(0)} |`,
  );
}
console.log(
  "\n| worker processes | DB transactions / 1,000 jobs | DB rows / 1,000 jobs | Redis commands / 1,000 jobs |",
);
console.log("|---|---|---|---|");
for (const f of figures) {
  console.log(
    `| ${f.workers} | ${f.dbXactsPer1000.toFixed(0)} | ${f.dbRowsPer1000.toFixed(0)} | ${f.redisCommandsPer1000.toFixed(0)} |`,
  );
}
console.log(
  "\nDB and Redis counts cover the whole run (uploads, the API load below, the workers, every process's housekeeping).",
);
console.log(
  "\nAPI latency: GET /api/transcriptions at 200 req/s (20 connections) while the workers run.",
);

async function runFleet(size: number): Promise<Figures> {
  const workers: FleetProcess[] = await Promise.all(
    Array.from({ length: size }, () => startFleetProcess("worker", { ...env, LOG_LEVEL: "info" })),
  );
  try {
    const user = await signedInUser(database.db);
    // Enough minutes for M jobs of 11 s (the Free plan's 20 cover 24 at most).
    if (JOBS > 24) await grantSeconds(user.id, JOBS * 12);
    const before = await serverCounters();
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      const response = await upload(api.base, "/api/transcribe", {
        file: media,
        fields: { model: "whisper-1" },
        headers: { ...user.auth, prefer: "respond-async" },
      });
      if (response.status !== 202)
        throw new Error(`upload ${response.status}: ${await response.text()}`);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const load = await autocannon({
      url: `${api.base}/api/transcriptions`,
      headers: user.auth,
      connections: 20,
      overallRate: 200,
      duration: 8,
      workers: 1,
    });
    const rows = await waitAll(ids);
    const after = await serverCounters();
    const peaks = workers.map((worker) => peakMemoryMb(worker.pid));
    const created = rows.map((row) => Date.parse(row.created_at));
    const finished = rows.map((row) => Date.parse(row.finished_at ?? row.updated_at));
    const spanMin = (Math.max(...finished) - Math.min(...created)) / 60_000;
    const waits = rows
      .map((row) => Date.parse(row.started_at ?? row.created_at) - Date.parse(row.created_at))
      .sort((a, b) => a - b);
    const per1000 = (n: number) => (n / rows.length) * 1000;
    return {
      workers: size,
      jobsPerMinute: rows.length / spanMin,
      jobsPerWorkerHour: ((rows.length / spanMin) * 60) / size,
      meanWaitS: waits.reduce((a, b) => a + b, 0) / waits.length / 1000,
      p95WaitS: (waits[Math.min(waits.length - 1, Math.floor(waits.length * 0.95))] ?? 0) / 1000,
      workerPeakMb: Math.max(...peaks),
      dbXactsPer1000: per1000(after.xacts - before.xacts),
      dbRowsPer1000: per1000(after.rows - before.rows),
      redisCommandsPer1000: per1000(after.redisCommands - before.redisCommands),
      apiReqPerSec: (load["2xx"] + load.non2xx) / load.duration,
      apiP50Ms: load.latency.p50,
      apiP99Ms: load.latency.p99,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.kill("SIGTERM")));
  }
}

/** Work the database and Redis have done so far (cumulative counters of each server). */
async function serverCounters() {
  const { rows } = await sql<{ xacts: string; rows: string }>`
    select xact_commit + xact_rollback as xacts,
           tup_returned + tup_fetched + tup_inserted + tup_updated + tup_deleted as rows
    from pg_stat_database where datname = current_database()`.execute(database.db);
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  client.on("error", () => undefined);
  const info = await client.info("stats");
  client.disconnect();
  const redisCommands = Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? 0);
  return { xacts: Number(rows[0]?.xacts), rows: Number(rows[0]?.rows), redisCommands };
}

/** Peak resident memory (VmHWM) of a process and its children (the engine process), in MB. */
function peakMemoryMb(pid: number): number {
  const peak = (id: number | string) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, "utf8");
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  let total = peak(pid);
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) total += peak(child);
    }
  } catch {
    // Gone already: its own figure stands.
  }
  return total;
}

/** Gives a bench user more minutes, as an admin's grant would. */
async function grantSeconds(userId: string, seconds: number) {
  await grantMinutes(database.db, {
    userId,
    grantedBy: "bench@example.com",
    minutes: Math.ceil(seconds / 60),
    pool: "plan",
    reason: "bench:scale",
    requestId: crypto.randomUUID(),
  });
}

async function waitAll(ids: string[]) {
  for (;;) {
    const rows = await database.db
      .selectFrom("transcriptions")
      .select(["status", "created_at", "started_at", "finished_at", "updated_at"])
      .where("id", "in", ids)
      .execute();
    if (rows.every((row) => isFinal(row.status))) {
      const failed = rows.filter((row) => row.status !== "completed").length;
      if (failed) throw new Error(`${failed} jobs did not complete`);
      return rows;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
