import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { fastEngineEnv } from "../../server/test/support/transcription-app.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

// The app works under its Content-Security-Policy: no page, the editor with its waveform, the
// local checkout page and /api/docs included, meets a CSP violation in Chromium.

/** Collects every CSP violation the page reports on the console into `violations`. */
function watchViolations(page: Page, violations: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
}

describe("the app under its Content-Security-Policy", () => {
  const e2e = withServerAndBrowser(async () => ({
    env: { ...(await fastEngineEnv()), WORKER_CONCURRENCY: "1" },
  }));

  it("sends the security headers", async () => {
    const response = await fetch(`${e2e.server.base}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull(); // plain HTTP
  });

  it(
    "shows public pages, the editor with its waveform, checkout and the API docs without a violation",
    { timeout: 180_000 },
    async () => {
      const violations: string[] = [];
      const visitor = await e2e.browser.newPage();
      watchViolations(visitor, violations);
      for (const path of ["/", "/pricing", "/login"]) {
        await visitor.goto(`${e2e.server.base}${path}`);
        await visitor.locator("h1").first().waitFor();
      }
      await visitor.close();

      const { context } = await signedInContext(e2e.browser, e2e.server);
      const page = await context.newPage();
      watchViolations(page, violations);

      await page.goto(`${e2e.server.base}/`);
      await page.setInputFiles('input[type="file"]', JFK_MP3);
      await page.getByRole("button", { name: "Start transcription" }).click();
      await page.getByRole("textbox", { name: "Text of subtitle 1" }).waitFor({ timeout: 120_000 });
      await page.locator("canvas, wave, [part='canvases']").first().waitFor({ state: "attached" });

      await page.goto(`${e2e.server.base}/checkout/basic`);
      await page.waitForURL(/\/api\/payments\/local\/checkout\//);
      await page.locator("form").first().waitFor();

      await page.goto(`${e2e.server.base}/api/docs`);
      await page.locator(".swagger-ui .info").waitFor({ timeout: 30_000 });

      expect(violations).toEqual([]);
    },
  );
});
