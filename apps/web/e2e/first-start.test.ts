import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureEmptyTestModel } from "../../../packages/engine/test/support/random-model.js";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { registryFor, startMirror, type Mirror } from "../../server/test/support/model-mirror.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

// The first start in a browser: the speech model is still downloading (from a local mirror),
// so the upload page says so with its progress instead of failing, and lets the visitor start
// once the model is there.
describe("the upload page while the speech model is prepared", () => {
  const scratch = scratchDir("verbatim-e2e-first-start-");
  let mirror: Mirror;
  // Registered first, so run last: the mirror stops after the server.
  afterAll(async () => {
    await mirror?.close();
    scratch.cleanup();
  });
  const e2e = withServerAndBrowser(async () => {
    const bytes = readFileSync(await ensureEmptyTestModel());
    mirror = await startMirror(bytes);
    return {
      env: {
        MODELS_DIR: join(scratch.dir, "models"),
        MODELS_AUTO_DOWNLOAD: "true",
        VERBATIM_MODEL_BASE_URL: mirror.url,
        FAST_MODEL: "tiny",
        ACCURATE_MODEL: "tiny",
      },
      context: { modelDownloads: { registry: registryFor(bytes) } },
    };
  });

  it("shows “Preparing the speech model (NN %)”, in both languages, until the model is ready", async () => {
    await mirror.halfSent;
    const { context } = await signedInContext(e2e.browser, e2e.server, { language: "zh-HK" });
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/`);
    await page.getByText(/^正在準備語音模型（[1-9]\d? %）$/).waitFor();
    await context.close();

    const english = await signedInContext(e2e.browser, e2e.server);
    const tab = await english.context.newPage();
    await tab.goto(`${e2e.server.base}/`);
    const notice = tab.getByText(/^Preparing the speech model \(([1-9]\d?) %\)$/);
    await notice.waitFor();
    const percent = Number(/\((\d+) %\)/.exec((await notice.textContent()) ?? "")?.[1]);
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);
    await tab.setInputFiles('input[type="file"]', JFK_MP3);
    const start = tab.getByRole("button", { name: "Start transcription" });
    expect(await start.isDisabled()).toBe(true);

    mirror.release();
    // The page polls health and lets the visitor start once the model is in place.
    await notice.waitFor({ state: "detached", timeout: 15_000 });
    expect(await start.isEnabled()).toBe(true);
    await english.context.close();
  });
});
