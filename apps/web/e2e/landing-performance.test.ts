import { describe, expect, it } from "vitest";
import { withServerAndBrowser } from "./support/server-and-browser.js";

// Chrome DevTools' "Fast 4G" network preset (throughput in bytes/s, latency in ms) and a 4x
// slower CPU: the profile the targets are stated on (FCP < 1 s, JS <= 120 kB gzip).
const FAST_4G = {
  offline: false,
  downloadThroughput: (9 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (1.5 * 1000 * 1000 * 0.9) / 8,
  latency: 60 * 2.75,
};
const CPU_SLOWDOWN = 4;

/**
 * Records what a first visit to the landing page costs on that profile: JavaScript bytes on the
 * wire, their count, and first contentful paint. It prints the numbers (the note gives
 * them before and after) and checks only what does not depend on the machine's speed.
 */
describe("the landing page on a throttled phone profile (measured, not timed)", () => {
  const e2e = withServerAndBrowser();

  /** One first visit in a fresh browser context (empty cache). */
  async function visit(): Promise<{ files: number; jsBytes: number; fcp: number }> {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", FAST_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const scripts = new Map<string, number>();
    const types = new Map<string, string>();
    cdp.on("Network.responseReceived", (event) => {
      if (event.type === "Script") types.set(event.requestId, event.response.url);
    });
    cdp.on("Network.loadingFinished", (event) => {
      const url = types.get(event.requestId);
      if (url) scripts.set(url, event.encodedDataLength);
    });

    await page.goto(`${e2e.server.base}/`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const fcp = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            performance: { getEntriesByName(name: string): { startTime: number }[] };
          }
        ).performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
    );
    await context.close();
    const jsBytes = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    return { files: scripts.size, jsBytes, fcp };
  }

  it(
    "records JavaScript transfer size and first contentful paint (median of three visits)",
    { timeout: 90_000 },
    async () => {
      const visits = [];
      for (let i = 0; i < 3; i++) visits.push(await visit());
      const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
      const jsBytes = median(visits.map((v) => v.jsBytes));
      const fcp = median(visits.map((v) => v.fcp));
      console.log(
        `[landing page, Fast 4G + ${CPU_SLOWDOWN}x CPU, median of 3] JavaScript: ` +
          `${(jsBytes / 1024).toFixed(1)} kB transferred (${visits.map((v) => v.files).join("/")} files); ` +
          `first contentful paint: ${fcp.toFixed(0)} ms (${visits.map((v) => v.fcp.toFixed(0)).join(", ")})`,
      );
      for (const v of visits) {
        expect(v.files).toBeGreaterThan(0);
        expect(v.fcp).toBeGreaterThan(0);
      }
    },
  );
});
