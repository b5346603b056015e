import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import type { AppOptions } from "../../../server/src/app.js";
import { launchBrowser } from "./browser.js";
import { startE2eServer, type E2eServer } from "./e2e-server.js";

/** The server and Chromium of a browser test file, ready inside its tests. */
export interface ServerAndBrowser {
  readonly server: E2eServer;
  readonly browser: Browser;
}

/** How the server and the browser start. */
export interface ServerAndBrowserSetup {
  /** The server's settings, over startE2eServer's defaults. */
  env?: Record<string, string>;
  /** Model downloads from a local mirror (the first-start tests). */
  context?: Pick<AppOptions, "modelDownloads">;
  /** Chromium's extra command-line switches (a fake microphone). */
  browserArgs?: string[];
}

/**
 * Registers the set-up of the enclosing describe block (or file): before its tests, the real
 * server (startE2eServer) and Chromium start; after them, both close, browser first. `setup`
 * may be a function when the settings need work first (a model fetched, a mirror started); it
 * runs in the same beforeAll, whose limit `timeoutMs` raises. Hooks the caller registers after
 * this one run after it before the tests, and before it after them (vitest runs afterAll hooks
 * in reverse): a stand-in service started there is up while the server runs and stops after.
 */
export function withServerAndBrowser(
  setup: ServerAndBrowserSetup | (() => Promise<ServerAndBrowserSetup>) = {},
  { timeoutMs }: { timeoutMs?: number } = {},
): ServerAndBrowser {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const { env, context, browserArgs } = typeof setup === "function" ? await setup() : setup;
    server = await startE2eServer(env, context);
    browser = await launchBrowser(browserArgs);
  }, timeoutMs);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the e2e ${name} is ready only inside the tests`);
    return value;
  };
  return {
    get server() {
      return ready(server, "server");
    },
    get browser() {
      return ready(browser, "browser");
    },
  };
}
