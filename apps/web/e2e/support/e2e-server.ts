// The real product for browser tests: the API and the built web app on one port, SQLite in a
// scratch folder, e-mail through a real SMTP server the test reads, the local payment page.
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { scratchDir } from "../../../../packages/engine/test/helpers/media-files.js";
import { loadConfig } from "../../../server/src/config.js";
import { migrateToLatest, openDatabase, type Db } from "../../../server/src/db/database.js";
import { buildApp, type AppOptions } from "../../../server/src/app.js";
import { startSmtpInbox, type SmtpInbox } from "../../../server/test/support/smtp-inbox.js";

export const WEB_DIST = fileURLToPath(new URL("../../dist", import.meta.url));

export interface E2eServer {
  base: string;
  /** The server's data folder (a scratch folder removed on close). */
  dataDir: string;
  app: FastifyInstance;
  db: Db;
  inbox: SmtpInbox;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** `context`: model downloads from a local mirror (the first-start tests). */
export async function startE2eServer(
  env: Record<string, string> = {},
  context: Pick<AppOptions, "modelDownloads"> = {},
): Promise<E2eServer> {
  const scratch = scratchDir("verbatim-e2e-");
  const inbox = await startSmtpInbox();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: scratch.dir,
    MODELS_DIR: "/nonexistent-models",
    MODELS_AUTO_DOWNLOAD: "false",
    PUBLIC_URL: base,
    SMTP_URL: inbox.url,
    WEB_DIR: WEB_DIST,
    PAYMENT_PROVIDER: "local",
    WORKER_CONCURRENCY: "0",
    RENDER_NICENESS: "0", // at normal priority on a busy test machine (vitest.config.ts)
    ...env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, maintenance: false, ...context });
  await app.listen({ port, host: "127.0.0.1" });
  return {
    base,
    dataDir: scratch.dir,
    app,
    db,
    inbox,
    close: async () => {
      await app.close();
      await db.destroy();
      await inbox.close();
      scratch.cleanup();
    },
  };
}
