// The API while it takes in uploads and transcribes: reads at a fixed rate while 30 clients
// upload short files back to back and a worker runs a long transcription; then the health
// check alone, as fast as it goes.
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
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

/** What the mixed run achieved. */
export interface MixedFigures {
  readsPerSec: number;
  readP50Ms: number;
  readP99Ms: number;
  readFailures: number;
  uploads: number;
  uploadFailures: number;
  /** The server's event loop during the reads: how late its timers ran (p99, longest). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
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
    await autocannon({
      url: `${base}/api/transcriptions`,
      headers: auth,
      workers: 1,
      connections: 10,
      duration: 2,
    }); // warm-up
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const uploads = uploadFor(base, auth, Date.now() + SECONDS * 1000);
    const reads = await autocannon({
      url: `${base}/api/transcriptions`,
      headers: auth,
      workers: 1,
      connections: 30,
      duration: SECONDS,
      overallRate: READS_PER_SEC,
    });
    loop.disable();
    const sent = await uploads;
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
      readsPerSec: (reads["2xx"] + reads.non2xx) / reads.duration,
      readP50Ms: reads.latency.p50,
      readP99Ms: reads.latency.p99,
      readFailures: reads.errors + reads.non2xx,
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      loopDelayMaxMs: loop.max / 1e6,
      uploads: sent.done,
      uploadFailures: sent.failed,
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
  console.log(
    `\nMixed load: GET /api/transcriptions at ${READS_PER_SEC}/s for ${SECONDS} s while ` +
      `${UPLOADERS} clients upload jfk.mp3 back to back (${figures.uploads} accepted, ` +
      `${figures.uploadFailures} failed) and a worker transcribes ` +
      `(${figures.transcribing ? "still running at the end" : "NOT running at the end"})`,
  );
  console.log(
    `  reads: ${figures.readsPerSec.toFixed(0)}/s, p50 ${figures.readP50Ms} ms, p99 ` +
      `${figures.readP99Ms} ms, ${figures.readFailures} failed  (target p99 ≤ ` +
      `${READ_P99_TARGET_MS} ms: ${verdict(figures.readP99Ms <= READ_P99_TARGET_MS && figures.readFailures === 0)})`,
  );
  console.log(
    `  event loop: delay p99 ${figures.loopDelayP99Ms.toFixed(0)} ms, longest ` +
      `${figures.loopDelayMaxMs.toFixed(0)} ms`,
  );
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
