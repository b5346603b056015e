import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, NodeResult } from "axe-core";
import { describe, it } from "vitest";
import type { Page } from "playwright-core";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { PUBLIC_PAGES } from "./support/public-pages.js";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

/**
 * What axe may leave undecided: glyphs with no text (icons, check marks), and text on the
 * home page's hero, a light gradient (blue-50 to white) under dark text.
 */
const UNDECIDABLE = /only non-text characters|due to a background gradient/;

/** axe's colour-contrast rule on the whole page: failures and elements it could not decide. */
async function contrastProblems(page: Page): Promise<string[]> {
  const results = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(options: object): Promise<AxeResults> } })
      .axe;
    // Passing nodes are not read: axe skips building their selectors.
    return axe.run({
      runOnly: { type: "rule", values: ["color-contrast"] },
      resultTypes: ["violations", "incomplete"],
    });
  });
  const describe = (kind: string, nodes: NodeResult[]) =>
    nodes.map((node) => `${kind} ${node.target.join(" ")}: ${node.failureSummary ?? ""}`.trim());
  return [
    ...results.violations.flatMap((rule) => describe("fails", rule.nodes)),
    // "Incomplete" is axe unsure, and it files white on white (1:1) there, as possibly hidden
    // text: every such node counts, except the undecidable ones above.
    ...results.incomplete.flatMap((rule) =>
      describe(
        "unsure",
        rule.nodes.filter((node) => !node.any.some((check) => UNDECIDABLE.test(check.message))),
      ),
    ),
  ];
}

describe("colour contrast of every public page (axe-core color-contrast)", () => {
  const e2e = withServerAndBrowser();

  // All four at once: each has its own browser context, and the pages are checked in the
  // browser's renderers while this process waits.
  it.concurrent.for([
    ["en", "desktop"],
    ["en", "phone"],
    ["zh-HK", "desktop"],
    ["zh-HK", "phone"],
  ] as const)(
    "has no contrast failures in %s at %s size",
    { timeout: 300_000 }, // the checks share one browser on a busy machine
    async ([language, size], { expect }) => {
      const context = await e2e.browser.newContext({ viewport: SIZES[size] });
      await context.addInitScript((lang) => {
        (
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem("language", lang);
      }, language);
      await context.addInitScript({ content: AXE_SOURCE });
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/`);
      const found: string[] = [];
      const headings = new Set<string>();
      let previous = "";
      for (const path of PUBLIC_PAGES) {
        // Within the app, as a visitor's link would (no reload for each page).
        await page.evaluate(
          `history.pushState(null, "", ${JSON.stringify(path)});` +
            `dispatchEvent(new PopStateEvent("popstate"));`,
        );
        await page.waitForFunction(
          (to) =>
            (globalThis as unknown as { location: { pathname: string } }).location.pathname === to,
          path,
        );
        // The new page's heading (its code may still be loading): wait for it to change.
        await page
          .waitForFunction(
            (before) =>
              (
                globalThis as unknown as {
                  document: { querySelector(s: string): { textContent: string } | null };
                }
              ).document.querySelector("h1")?.textContent !== before,
            previous,
            { timeout: 3_000 },
          )
          .catch(() => undefined); // two pages may share a heading
        await page.waitForLoadState("networkidle");
        previous = await page.getByRole("heading", { level: 1 }).first().innerText();
        headings.add(previous);
        for (const problem of await contrastProblems(page)) found.push(`${path}: ${problem}`);
      }
      expect(found).toEqual([]);
      // Each page was really shown (its own heading), not the first one checked again.
      expect(headings.size).toBeGreaterThanOrEqual(PUBLIC_PAGES.length - 2);
      await context.close();
    },
  );
});
