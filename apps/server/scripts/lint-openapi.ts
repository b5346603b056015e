// Lints the OpenAPI document the server serves at /api/docs/json with Redocly's `recommended`
// rules: builds the app as the server does (an in-memory SQLite database, nothing listening),
// takes the document from @fastify/swagger and fails on any error. Run by `npm run lint`:
//   tsx --conditions=source apps/server/scripts/lint-openapi.ts
import {
  BaseResolver,
  createConfig,
  formatProblems,
  getTotals,
  lintDocument,
  Source,
  type NormalizedProblem,
} from "@redocly/openapi-core";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../src/config.js";
import { migrateToLatest, openDatabase } from "../src/db/database.js";
import { buildApp } from "../src/app.js";

/** The OpenAPI document as /api/docs/json serves it. */
export async function servedOpenApiDocument(): Promise<object> {
  const database = { kind: "sqlite", path: ":memory:" } as const;
  const db = openDatabase(database);
  await migrateToLatest(db);
  const config = {
    ...loadConfig({
      LOG_LEVEL: "silent",
      MODELS_DIR: "/nonexistent-models",
      MODELS_AUTO_DOWNLOAD: "false",
      PUBLIC_URL: "https://verbatim.test",
    }),
    database,
  };
  const app = await buildApp({ config, db, maintenance: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** What Redocly's `recommended` ruleset finds in the document. */
export async function openApiProblems(document: object): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ["recommended"] });
  const source = new Source("openapi.json", JSON.stringify(document, null, 2));
  return lintDocument({
    document: { source, parsed: document },
    config: config.styleguide,
    externalRefResolver: new BaseResolver(),
  });
}

async function main(): Promise<void> {
  const problems = await openApiProblems(await servedOpenApiDocument());
  const totals = getTotals(problems);
  formatProblems(problems, { totals, version: "recommended", format: "codeframe" });
  if (totals.errors > 0) process.exitCode = 1;
  else console.log(`OpenAPI document: no errors, ${totals.warnings} warning(s).`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
