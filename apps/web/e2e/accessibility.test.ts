import { describe, it } from "vitest";
import { seriousViolations } from "./support/browser.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { PUBLIC_PAGES } from "./support/public-pages.js";

describe("accessibility of the public pages (axe-core, WCAG 2.1 AA)", () => {
  const e2e = withServerAndBrowser();

  // Both languages at once: each has its own browser context, and the pages are checked in
  // the browser's renderers while this process waits.
  it.concurrent.for(["en", "zh-HK"] as const)(
    "has no serious violations in %s",
    { timeout: 300_000 }, // the checks share one browser on a busy machine
    async (language, { expect }) => {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript((lang) => {
        (
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem("language", lang);
      }, language);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${e2e.server.base}${path}`, { waitUntil: "networkidle" });
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        // Colour contrast: colour-contrast.test.ts, on these pages at both sizes.
        for (const violation of await seriousViolations(page, { skipContrast: true }))
          found.push(`${path}: ${violation}`);
      }
      expect(found).toEqual([]);
      await context.close();
    },
  );
});
