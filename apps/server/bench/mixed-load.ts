// The API while it takes in uploads and transcribes: reads at a fixed rate while 30 clients
// upload short files back to back and a worker runs a long transcription; then the health
// check alone, as fast as it goes.
import autocannon from "autocannon";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { JFK_MP3, loopedJfk } from "../../../packages/engine/test/helpers/media-files.js";
import { ensureRandomModel } from "../../../packages/engine/test/support/random-model.js";
import { startBenchServer } from "./bench-server.js";

export const READ_P99_TARGET_MS = 50;
export const HEALTH_TARGET_PER_SEC = 1_000;
const READS_PER_SEC = 300;
const UPLOADERS = 30;
const SECONDS = 10;

/** Reads at a fixed rate, with or without uploads alongside. */
export interface ReadFigures {
  readsPerSec: number;
  readP50Ms: number;
  readP99Ms: number;
  readFailures: number;
  /** The server's event loop during the reads: how late its timers ran (p99, longest). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  uploads: number;
  uploadFailures: number;
  /**
   * The server's thread (this process's main thread) during the reads, from Linux's
   * /proc/…/schedstat: time it ran, and time it was ready to run but waited for a CPU (another
   * process, or this one's other threads, had it). Undefined elsewhere.
   */
  loopOnCpuMs?: number;
  loopWaitedForCpuMs?: number;
}

/** What the mixed run achieved: reads beside the transcription only, then with uploads too. */
export interface MixedFigures {
  quiet: ReadFigures;
  busy: ReadFigures;
  /** Whether the long transcription was still running when the reads ended. */
  transcribing: boolean;
  healthPerSec: number;
  healthP99Ms: number;
  healthFailures: number;
}

// The uploaders run in a thread of their own, so that sending files does not compete with the
// server's event loop (the server is in this process, as in the other API benchmarks).
const UPLOADER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { base, auth, bytes, clients, stopAt } = workerData;
let done = 0, failed = 0;
async function client() {
  while (Date.now() < stopAt) {
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "audio/mpeg" }), "jfk.mp3");
    form.append("source", "file");
    form.append("model", "whisper-1");
    try {
      const response = await fetch(base + "/api/transcribe", {
        method: "POST", body: form, headers: { ...auth, prefer: "respond-async" },
      });
      await response.arrayBuffer();
      if (response.status === 202) done++; else failed++;
    } catch { failed++; }
  }
}
Promise.all(Array.from({ length: clients }, client)).then(() => parentPort.postMessage({ done, failed }));
`;

function uploadFor(
  base: string,
  auth: Record<string, string>,
  stopAt: number,
): Promise<{ done: number; failed: number }> {
  const worker = new Worker(UPLOADER_SOURCE, {
    eval: true,
    workerData: { base, auth, bytes: readFileSync(JFK_MP3), clients: UPLOADERS, stopAt },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

// BENCH_CPU_PROFILE=<folder>: a CPU profile of this process's main thread (the server's event
// loop) for each phase, <folder>/mixed-<phase>.cpuprofile (open it in Chrome's DevTools).
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;

async function profiled<T>(phase: string, run: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return run();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  try {
    return await run();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(join(PROFILE_DIR, `mixed-${phase}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** GET /api/transcriptions at 300/s for `seconds` while `alongside` runs. */
function readsAt300(
  base: string,
  auth: Record<string, string>,
  seconds: number,
  alongside: () => Promise<{ done: number; failed: number }>,
  phase: string,
): Promise<ReadFigures> {
  return profiled(phase, () => measureReads(base, auth, seconds, alongside));
}

const SCHEDSTAT = `/proc/${process.pid}/task/${process.pid}/schedstat`;

/** This thread's time on a CPU and waiting in the run queue so far (ms), where Linux says. */
function scheduled(): { onCpuMs: number; waitedMs: number } | undefined {
  if (!existsSync(SCHEDSTAT)) return undefined;
  const [onCpu, waited] = readFileSync(SCHEDSTAT, "utf8").split(" ").map(Number);
  return { onCpuMs: onCpu! / 1e6, waitedMs: waited! / 1e6 };
}

async function measureReads(
  base: string,
  auth: Record<string, string>,
  seconds: number,
  alongside: () => Promise<{ done: number; failed: number }>,
): Promise<ReadFigures> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const scheduledBefore = scheduled();
  const sending = alongside();
  const reads = await autocannon({
    url: `${base}/api/transcriptions`,
    headers: auth,
    workers: 1,
    connections: 30,
    duration: seconds,
    overallRate: READS_PER_SEC,
  });
  loop.disable();
  const scheduledAfter = scheduled();
  const sent = await sending;
  return {
    readsPerSec: (reads["2xx"] + reads.non2xx) / reads.duration,
    readP50Ms: reads.latency.p50,
    readP99Ms: reads.latency.p99,
    readFailures: reads.errors + reads.non2xx,
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    loopDelayMaxMs: loop.max / 1e6,
    uploads: sent.done,
    uploadFailures: sent.failed,
    ...(scheduledBefore &&
      scheduledAfter && {
        loopOnCpuMs: scheduledAfter.onCpuMs - scheduledBefore.onCpuMs,
        loopWaitedForCpuMs: scheduledAfter.waitedMs - scheduledBefore.waitedMs,
      }),
  };
}

/** Runs the mixed scenario on a fresh server with one in-process worker. */
export async function measureMixedLoad(): Promise<MixedFigures> {
  const server = await startBenchServer(100, {
    workers: 1,
    fastModel: await ensureRandomModel("tiny"),
  });
  try {
    const { base, auth } = server;
    // A long file first, so that the worker is transcribing it throughout.
    const long = loopedJfk(server.scratchDir, 40, "long.mp3");
    const form = new FormData();
    form.append("file", new Blob([readFileSync(long)], { type: "audio/mpeg" }), "long.mp3");
    form.append("source", "file");
    const started = await fetch(`${base}/api/transcribe`, {
      method: "POST",
      body: form,
      headers: { ...auth, prefer: "respond-async" },
    });
    const { id } = (await started.json()) as { id: string };
    const quiet = await readsAt300(
      base,
      auth,
      SECONDS / 2,
      () => Promise.resolve({ done: 0, failed: 0 }),
      "quiet",
    );
    const busy = await readsAt300(
      base,
      auth,
      SECONDS,
      () => uploadFor(base, auth, Date.now() + SECONDS * 1000),
      "busy",
    );
    const job = (await (
      await fetch(`${base}/api/transcriptions/${id}`, { headers: auth })
    ).json()) as { status: string };
    const health = await autocannon({
      url: `${base}/api/health`,
      workers: 1,
      connections: 20,
      duration: 5,
    });
    return {
      quiet,
      busy,
      transcribing: job.status === "processing",
      healthPerSec: health["2xx"] / health.duration,
      healthP99Ms: health.latency.p99,
      healthFailures: health.errors + health.non2xx,
    };
  } finally {
    await server.close();
  }
}

/** The figures against the targets. */
export function printMixedLoad(figures: MixedFigures): void {
  const verdict = (met: boolean) => (met ? "met" : "MISSED");
  const { quiet, busy } = figures;
  console.log(
    `\nMixed load: GET /api/transcriptions at ${READS_PER_SEC}/s, a worker transcribing ` +
      `(${figures.transcribing ? "still running at the end" : "NOT running at the end"})`,
  );
  const row = (label: string, r: ReadFigures) =>
    console.log(
      `  ${label.padEnd(36)} ${r.readsPerSec.toFixed(0).padStart(4)}/s  p50 ${String(r.readP50Ms).padStart(5)} ms` +
        `  p99 ${String(r.readP99Ms).padStart(5)} ms  loop delay p99 ${r.loopDelayP99Ms.toFixed(0).padStart(5)} ms,` +
        ` max ${r.loopDelayMaxMs.toFixed(0).padStart(5)} ms  ${r.readFailures} failed`,
    );
  const cpu = (r: ReadFigures) =>
    r.loopOnCpuMs !== undefined && r.loopWaitedForCpuMs !== undefined
      ? console.log(
          `  ${"".padEnd(36)} server thread on a CPU ${r.loopOnCpuMs.toFixed(0)} ms, ` +
            `ready but waiting for one ${r.loopWaitedForCpuMs.toFixed(0)} ms`,
        )
      : undefined;
  row("reads alone", quiet);
  cpu(quiet);
  row(`reads + ${UPLOADERS} uploaders (${busy.uploads} accepted)`, busy);
  cpu(busy);
  const readsMet =
    busy.readP99Ms <= READ_P99_TARGET_MS && busy.readFailures === 0 && busy.uploadFailures === 0;
  console.log(`  target with uploads: p99 ≤ ${READ_P99_TARGET_MS} ms: ${verdict(readsMet)}`);
  console.log(
    `GET /api/health, 20 connections for 5 s: ${figures.healthPerSec.toFixed(0)}/s, p99 ` +
      `${figures.healthP99Ms} ms, ${figures.healthFailures} failed  (target ≥ ` +
      `${HEALTH_TARGET_PER_SEC}/s: ${verdict(figures.healthPerSec >= HEALTH_TARGET_PER_SEC && figures.healthFailures === 0)})`,
  );
}

// `tsx apps/server/bench/mixed-load.ts`: this scenario alone.
if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename)) {
  printMixedLoad(await measureMixedLoad());
}
