// `npm run bench:scale`: the many-machines set-up on this one machine. One API process
// (ROLE=api), 1, 2 and 4 worker processes (1 job at a time, 1 engine thread each), a Redis
// server of its own and a PostgreSQL database of its own. For each fleet size: jobs per
// minute, mean wait in the queue, and the API's latency while the workers are busy.
import { readFileSync } from "node:fs";
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
import { tinyModel } from "./bench-server.js";
import autocannon from "autocannon";

const JOBS = 24;
const FLEETS = [1, 2, 4];

interface Figures {
  workers: number;
  jobsPerMinute: number;
  meanWaitS: number;
  apiP50Ms: number;
  apiP99Ms: number;
  apiReqPerSec: number;
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
  "| worker processes | jobs/min | mean wait (s) | API req/s | API p50 (ms) | API p99 (ms) |",
);
console.log("|---|---|---|---|---|---|");
for (const f of figures) {
  console.log(
    `| ${f.workers} | ${f.jobsPerMinute.toFixed(1)} | ${f.meanWaitS.toFixed(1)} | ${f.apiReqPerSec.toFixed(0)} | ${f.apiP50Ms} | ${f.apiP99Ms} |`,
  );
}
console.log(
  "\nAPI latency: GET /api/transcriptions at 200 req/s (20 connections) while the workers run.",
);

async function runFleet(size: number): Promise<Figures> {
  const workers: FleetProcess[] = await Promise.all(
    Array.from({ length: size }, () => startFleetProcess("worker", { ...env, LOG_LEVEL: "info" })),
  );
  try {
    const user = await signedInUser(database.db); // 20 free minutes: enough for 24 × 11 s
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
    const created = rows.map((row) => Date.parse(row.created_at));
    const finished = rows.map((row) => Date.parse(row.finished_at ?? row.updated_at));
    const spanMin = (Math.max(...finished) - Math.min(...created)) / 60_000;
    const waits = rows.map(
      (row) => Date.parse(row.started_at ?? row.created_at) - Date.parse(row.created_at),
    );
    return {
      workers: size,
      jobsPerMinute: rows.length / spanMin,
      meanWaitS: waits.reduce((a, b) => a + b, 0) / waits.length / 1000,
      apiReqPerSec: (load["2xx"] + load.non2xx) / load.duration,
      apiP50Ms: load.latency.p50,
      apiP99Ms: load.latency.p99,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.kill("SIGTERM")));
  }
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
