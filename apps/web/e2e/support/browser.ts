import { AxeBuilder } from "@axe-core/playwright";
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

/** Debian's Chromium (installed by .ci/run); CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}

/**
 * Serious and critical accessibility violations on the page (axe-core, WCAG 2 A/AA).
 * `labelInName`: also WCAG 2.5.3, a control's name containing its visible text (an axe rule
 * still marked experimental, so off unless asked for).
 */
export async function seriousViolations(
  page: Page,
  { labelInName = false }: { labelInName?: boolean } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(
    labelInName ? ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] : ["wcag2a", "wcag2aa", "wcag21aa"],
  );
  if (labelInName) builder.options({ rules: { "label-content-name-mismatch": { enabled: true } } });
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
