import { pino } from "pino";
import { loadConfig } from "./config.js";
import { loadEnvFile } from "./env-file.js";
import { installLastResortHandlers } from "./last-resort.js";
import { openStorageOrExit } from "./startup-storage.js";
import { buildWorkerContext, startWorker } from "./app-context.js";

// `npm run worker`: a worker process (docs/deployment.md, many machines). No HTTP: it takes transcription jobs from
// Redis, WORKER_CONCURRENCY at a time with ENGINE_THREADS threads each, and sends webhook
// deliveries (docs/webhooks.md), until SIGTERM.
let config;
try {
  loadEnvFile();
  config = loadConfig({ ...process.env, ROLE: "worker" });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const log = pino({ level: config.logLevel, base: { role: "worker", pid: process.pid } });
if (config.workers.concurrency === 0) {
  log.error("WORKER_CONCURRENCY=0: a worker process with no workers has nothing to do");
  process.exit(2);
}
const db = await openStorageOrExit(config);
const ctx = buildWorkerContext(config, db, log);
// A signal before this has started ends the process as it stands (nothing taken yet).
const running = await startWorker(ctx);
// Started: from here a failure nobody handled ends only its own work (last-resort.ts).
installLastResortHandlers(log);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "stopping: no new jobs; running ones go back to the queue");
  await running.stop();
  await db.destroy();
  log.info("stopped");
  process.exit(0);
};
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));
