import { afterAll } from "vitest";
import { scratchDir } from "../../../../packages/engine/test/helpers/media-files.js";
import { fastEngineEnv } from "../../../server/test/support/transcription-app.js";
import { withServerAndBrowser, type ServerAndBrowser } from "./server-and-browser.js";

/** What a browser test with the real engine works with, ready inside its tests. */
export interface EngineE2e extends ServerAndBrowser {
  /** A scratch folder for media the test makes. */
  readonly dir: string;
}

/**
 * Registers the set-up of a describe block whose tests run the real engine (the random-weight
 * model, one worker) behind the built web app, and Chromium; both go when the block ends, then
 * the scratch folder.
 */
export function withEngineServer(scratchPrefix = "verbatim-e2e-"): EngineE2e {
  const scratch = scratchDir(scratchPrefix);
  afterAll(() => scratch.cleanup());
  const e2e = withServerAndBrowser(async () => ({
    env: { ...(await fastEngineEnv()), WORKER_CONCURRENCY: "1" },
  }));
  return {
    get server() {
      return e2e.server;
    },
    get browser() {
      return e2e.browser;
    },
    dir: scratch.dir,
  };
}
