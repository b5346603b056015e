import { loadConfig } from "./config.js";
import { migrateToLatest, openDatabase } from "./db/database.js";
import { buildApp } from "./http/app.js";
import { ModelCatalog } from "./models/model-choice.js";

// Starts the API on PORT with embedded defaults: SQLite under DATA_DIR, workers in this process.
// ROLE=api (with REDIS_URL): the API only; workers run as `npm run worker`.
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (config.role === "worker") {
  console.error("ROLE=worker runs without HTTP: start it with `npm run worker`.");
  process.exit(2);
}
const db = openDatabase(config.database);
await migrateToLatest(db);
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

// Say plainly which models can run and what to do when one is missing (DESIGN.md §6).
const models = await new ModelCatalog(config).list();
for (const model of models.filter((m) => m.id === "whisper-1" || m.id === "gpt-4o-transcribe")) {
  if (model.installed) app.log.info(`model ${model.id} → ${model.engineModel}: installed`);
  else
    app.log.warn(
      `model ${model.id} → ${model.engineModel}: NOT installed in ${config.modelsDir}; install it with: npm run models -- ${model.engineModel}`,
    );
}
