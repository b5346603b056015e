import { loadConfig } from "./config.js";
import { loadEnvFile } from "./env-file.js";
import { buildApp } from "./app.js";
import { installLastResortHandlers } from "./last-resort.js";
import { openStorageOrExit } from "./startup-storage.js";
import { firstAdminHint, startupSummary } from "./startup-summary.js";

// `npm start`: the API, the web app and the workers in one process, with embedded defaults
// (SQLite under DATA_DIR, the embedded queue, models downloaded on first start). Settings come
// from the environment and `.env`; docs/configuration.md lists them. ROLE=api (with REDIS_URL):
// the API only, workers run as `npm run worker`.
let config;
try {
  loadEnvFile();
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (config.role === "worker") {
  console.error("ROLE=worker runs without HTTP: start it with `npm run worker`.");
  process.exit(2);
}
const db = await openStorageOrExit(config);
const app = await buildApp({ config, db });

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info(
    { signal },
    "shutting down: no new requests or jobs; running jobs go back to the queue",
  );
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
// Started: from here a failure nobody handled ends only its own work (last-resort.ts).
installLastResortHandlers(app.log);

// One line that says what runs where, then what a newcomer still has to do.
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : config.port;
const host = config.host.includes(":") ? `[${config.host}]` : config.host;
const url = `http://${host === "0.0.0.0" || host === "[::]" ? "localhost" : host}:${port}`;
const models = await app.modelCatalog.list();
app.log.info(startupSummary(config, url, models, app.modelPreparation));
const adminHint = await firstAdminHint(config, db);
if (adminHint) app.log.info(adminHint);
