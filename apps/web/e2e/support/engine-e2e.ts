import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { scratchDir } from "../../../../packages/engine/test/helpers/media-files.js";
import { fastEngineEnv } from "../../../server/test/support/transcription-app.js";
import { launchBrowser } from "./browser.js";
import { startE2eServer, type E2eServer } from "./e2e-server.js";

/** What a browser test with the real engine works with, ready inside its tests. */
export interface EngineE2e {
  server: E2eServer;
  browser: Browser;
  /** A scratch folder for media the test makes. */
  dir: string;
}

/**
 * Registers the set-up of a describe block whose tests run the real engine (the random-weight
 * model, one worker) behind the built web app, and Chromium; both go when the block ends.
 */
export function withEngineServer(scratchPrefix = "verbatim-e2e-"): EngineE2e {
  const scratch = scratchDir(scratchPrefix);
  const ready = { dir: scratch.dir } as EngineE2e;
  beforeAll(async () => {
    ready.server = await startE2eServer({ ...(await fastEngineEnv()), WORKER_CONCURRENCY: "1" });
    ready.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ready.browser?.close();
    await ready.server?.close();
    scratch.cleanup();
  });
  return ready;
}
