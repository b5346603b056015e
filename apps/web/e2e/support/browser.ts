import { AxeBuilder } from "@axe-core/playwright";
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

/**
 * Debian's Chromium (installed by .ci/run): its headless shell where installed, else the full
 * browser; CHROMIUM_PATH overrides. The shell is Chromium's own headless build (the one
 * Playwright runs by default), the same Blink and V8 without the browser's windowing layer: on
 * the 2-core CI machine it ran two browser test files in 31-34 s of CPU against 44-46 s.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** Chromium, headless; `args`: extra command-line switches (a fake microphone). */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install chromium-headless-shell (or chromium, or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", ...args] });
}

/**
 * Serious and critical accessibility violations on the page (axe-core, WCAG 2 A/AA).
 * `labelInName`: also WCAG 2.5.3, a control's name containing its visible text (an axe rule
 * still marked experimental, so off unless asked for). `skipContrast`: leave out colour contrast,
 * for pages that colour-contrast.test.ts checks more strictly (undecided nodes count there).
 */
export async function seriousViolations(
  page: Page,
  {
    labelInName = false,
    skipContrast = false,
  }: { labelInName?: boolean; skipContrast?: boolean } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(
      labelInName
        ? ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
        : ["wcag2a", "wcag2aa", "wcag21aa"],
    )
    // axe.run in the page itself: the default mode runs each frame's part and then merges them
    // in a new blank page, a renderer process started and closed for every check (about a
    // second and a half of CPU each on the 2-core CI machine). Our pages have no cross-origin
    // frames, the one thing only the default mode reaches.
    .setLegacyMode()
    // Only violations are read: axe skips building selectors for every passing node.
    .options({
      resultTypes: ["violations"],
      ...(labelInName ? { rules: { "label-content-name-mismatch": { enabled: true } } } : {}),
    });
  if (skipContrast) builder.disableRules(["color-contrast"]);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join("; ")})`,
    );
}

/**
 * The buttons, links and form controls inside `within` (a CSS selector) whose touch area is
 * under 44 × 44 px (WCAG 2.5.5): their own box, or the larger invisible area of the
 * `tap-target` utility (its ::after). Checkboxes and radios count their label's box. Named by
 * accessible text, for a readable failure.
 */
export async function smallTouchTargets(page: Page, within: string): Promise<string[]> {
  return page.evaluate((selector) => {
    interface Box {
      width: number;
      height: number;
    }
    interface Node {
      tagName: string;
      type?: string;
      textContent: string | null;
      getAttribute(name: string): string | null;
      getBoundingClientRect(): Box;
      closest(selector: string): Node | null;
      querySelectorAll(selector: string): ArrayLike<Node>;
    }
    const win = globalThis as unknown as {
      document: { querySelectorAll(selector: string): ArrayLike<Node> };
      getComputedStyle(
        node: Node,
        pseudo?: string,
      ): {
        content: string;
        position: string;
        width: string;
        height: string;
      };
    };
    const small: string[] = [];
    for (const scope of Array.from(win.document.querySelectorAll(selector))) {
      for (const node of Array.from(
        scope.querySelectorAll("button, a[href], input:not([type=hidden]), select, summary"),
      )) {
        const own = node.getBoundingClientRect();
        if (own.width === 0 || own.height === 0) continue; // not shown
        const toggle = node.type === "checkbox" || node.type === "radio";
        const box = (toggle && node.closest("label")?.getBoundingClientRect()) || own;
        const after = win.getComputedStyle(node, "::after");
        const extra = after.content !== "none" && after.position === "absolute";
        const width = Math.max(box.width, extra ? parseFloat(after.width) : 0);
        const height = Math.max(box.height, extra ? parseFloat(after.height) : 0);
        if (width < 44 || height < 44) {
          const name = node.getAttribute("aria-label") ?? node.textContent ?? node.tagName;
          small.push(`${name.trim()} (${Math.round(width)}×${Math.round(height)})`);
        }
      }
    }
    return small;
  }, within);
}
