// The editor's broadcast tools in Chromium against the real server: frame mode (timecode of the
// video's 25 fps), the quality-checks panel filled by GET /api/transcriptions/{id}/checks (the
// real dictionary in the server's checks thread) and "Fix what can be fixed", with shot changes
// kept with the job. Screenshots of both sizes in both languages go to E2E_SCREENSHOTS when that
// is set (for people to look at; nothing is compared).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { finishedTranscription } from "../../server/test/support/finished-transcription.js";
import { signedInContext } from "./support/signed-in.js";

const CUES = [
  { start: 1000, end: 2980, text: "We will recieve the the report." },
  { start: 3000, end: 5000, text: "Thank you, and\ngood night to all of you." },
  { start: 5600, end: 5900, text: "Hi." },
];

describe("the editor's broadcast tools", () => {
  const e2e = withServerAndBrowser();
  const contexts: BrowserContext[] = [];
  const shots = process.env.E2E_SCREENSHOTS;

  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  it.each([
    ["en", { width: 1366, height: 900 }, "desktop"],
    ["zh-HK", { width: 390, height: 844 }, "phone"],
    ["zh-HK", { width: 1366, height: 900 }, "desktop"],
    ["en", { width: 390, height: 844 }, "phone"],
  ] as const)(
    "%s at %s: frames, checks and fixes",
    { timeout: 120_000 },
    async (language, size, name) => {
      const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
        language,
        ...size,
      });
      contexts.push(context);
      const id = await finishedTranscription(e2e.server.db, userId, CUES, "interview.mp4");
      await e2e.server.db
        .updateTable("transcriptions")
        .set({ video_frame_rate: "25", shot_changes_json: JSON.stringify([1280, 6000]) })
        .where("id", "=", id)
        .execute();
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/?job=${id}`);
      await page.locator("textarea").first().waitFor();
      const en = language === "en";
      await page.getByRole("checkbox", { name: en ? /Frames \(25 fps\)/ : /影格/ }).check();
      const start = page.locator("li[data-cue-index='0'] input").first();
      await expect.poll(() => start.inputValue()).toBe("00:00:01:00");
      await page.getByRole("button", { name: en ? "Check subtitles" : "檢查字幕" }).click();
      const list = page.getByRole("list", { name: en ? "Quality checks" : "質素檢查" });
      await list.waitFor({ timeout: 60_000 });
      const text = await list.innerText();
      expect(text).toContain("recieve");
      expect(text).toContain("the");
      if (shots)
        await page.screenshot({
          path: join(shots, `broadcast-${name}-${language}.png`),
          fullPage: true,
        });
      await page
        .getByRole("button", { name: en ? /Fix what can be fixed/ : /修正可自動修正/ })
        .click();
      await expect
        .poll(() => page.locator("li[data-cue-index='0'] textarea").inputValue())
        .toBe("We will recieve the report.");
    },
  );

  it.each([
    ["en", { width: 1366, height: 900 }, "desktop"],
    ["zh-HK", { width: 390, height: 844 }, "phone"],
  ] as const)(
    "%s at %s: italics on a selection, a subtitle at the top, kept after a reload",
    { timeout: 60_000 },
    async (language, size, name) => {
      const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
        language,
        ...size,
      });
      contexts.push(context);
      const id = await finishedTranscription(e2e.server.db, userId, CUES, "styled.mp4");
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/?job=${id}`);
      const en = language === "en";
      const text = page.getByLabel(en ? "Text of subtitle 2" : "第 2 句字幕的文字", {
        exact: true,
      });
      await text.waitFor();
      await text.focus();
      await text.evaluate((field) =>
        (
          field as unknown as { setSelectionRange(from: number, to: number): void }
        ).setSelectionRange(0, 9),
      );
      await page.keyboard.press("Control+i");
      await page.getByRole("button", { name: en ? "Top" : "置頂" }).click();
      await page.getByRole("button", { name: en ? "Save changes" : "儲存變更" }).click();
      await expect
        .poll(async () => {
          const row = await e2e.server.db
            .selectFrom("transcriptions")
            .select("cues_json")
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          return JSON.parse(row.cues_json ?? "[]")[1] as unknown;
        })
        .toMatchObject({
          text: "<i>Thank you</i>, and\ngood night to all of you.",
          position: "top",
        });
      await page.reload();
      const preview = page.getByLabel(en ? "How subtitle 2 is shown" : "第 2 句字幕的顯示效果");
      await expect.poll(() => preview.locator(".italic").first().textContent()).toBe("Thank you");
      expect(await text.inputValue()).toBe("Thank you, and\ngood night to all of you.");
      if (shots)
        await page.screenshot({
          path: join(shots, `styling-${name}-${language}.png`),
          fullPage: false,
        });
    },
  );
});
