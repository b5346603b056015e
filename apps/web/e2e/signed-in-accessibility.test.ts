import { jobOptions } from "@verbatim/contract";
// The signed-in pages under axe-core (WCAG 2.1 AA), as the public ones are in
// accessibility.test.ts: one walk per language and size (desktop and phone) through the upload
// step, a job in progress, the editor, the download step, History and Account. Screenshots go to
// E2E_SCREENSHOTS when that is set (for people to look at; nothing is compared).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, it } from "vitest";
import type { Page } from "playwright-core";
import { insertTranscription } from "../../server/src/jobs/lifecycle/transition.js";
import { finishedTranscription } from "../../server/test/support/finished-transcription.js";
import { seriousViolations } from "./support/browser.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

describe("accessibility of the signed-in pages (axe-core, WCAG 2.1 AA)", () => {
  const e2e = withServerAndBrowser();
  const shots = process.env.E2E_SCREENSHOTS;

  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true });
  });

  it.concurrent.for(
    (["en", "zh-HK"] as const).flatMap((language) =>
      (["desktop", "phone"] as const).map((size) => [language, size] as const),
    ),
  )(
    "has no serious violations in %s on a %s",
    { timeout: 300_000 }, // the four share one browser on a busy machine
    async ([language, size], { expect }) => {
      const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
        language,
        ...SIZES[size],
      });
      // Enough cues for the download step's previews to scroll (they must take the keyboard).
      const finished = await finishedTranscription(
        e2e.server.db,
        userId,
        Array.from({ length: 12 }, (_, i) => ({
          start: i * 3000,
          end: i * 3000 + 2500,
          text: `Line ${i + 1} of what was said`,
        })),
      );
      // A job waiting in line (this server runs no worker): the processing step.
      const waiting = crypto.randomUUID();
      await insertTranscription(
        e2e.server.db,
        {
          id: waiting,
          userId,
          fileName: "waiting.mp3",
          model: "whisper-1",
          engineModel: "base",
          options: jobOptions({ language: "en", wordTimestamps: true }),
          mediaPath: "",
          mediaBytes: 0,
          durationMs: 60_000,
        },
        new Date(),
      );
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (name: string, ready: (page: Page) => Promise<unknown>) => {
        await ready(page);
        // Each step names itself: a screen reader lists the level-one heading first.
        if ((await page.getByRole("heading", { level: 1 }).count()) !== 1) {
          found.push(`${name}: not exactly one level-one heading`);
        }
        for (const violation of await seriousViolations(page, { labelInName: true })) {
          found.push(`${name}: ${violation}`);
        }
        if (shots) {
          await page.screenshot({
            path: join(shots, `signed-in-${name}-${language}-${size}.png`),
            fullPage: true,
          });
        }
      };
      await check("upload", async (p) => {
        await p.goto(`${e2e.server.base}/`);
        await p.locator("input[type=file]").first().waitFor({ state: "attached" });
      });
      await check("processing", async (p) => {
        await p.goto(`${e2e.server.base}/?job=${waiting}`);
        await p.getByRole("progressbar").first().waitFor();
      });
      await check("editor", async (p) => {
        await p.goto(`${e2e.server.base}/?job=${finished}`);
        await p.locator("textarea").first().waitFor();
      });
      await check("download", async (p) => {
        await p.getByRole("button", { name: language === "en" ? "Continue" : "繼續" }).click();
        await p.locator("pre").first().waitFor();
        await p.waitForLoadState("networkidle");
      });
      await check("history", async (p) => {
        await p.goto(`${e2e.server.base}/history`);
        await p.locator("text=waiting.mp3 >> visible=true").first().waitFor();
      });
      await check("account", async (p) => {
        await p.goto(`${e2e.server.base}/account`);
        // The page's own chunk and the account's data: on a loaded machine the main bundle can
        // take longer to compile than networkidle's half second, before the chunk is asked for.
        await p
          .getByRole("button", {
            name: language === "en" ? "Refresh account data" : "重新整理帳戶資料",
          })
          .waitFor();
        await p.waitForLoadState("networkidle");
      });
      expect(found).toEqual([]);
      await context.close();
    },
  );
});
