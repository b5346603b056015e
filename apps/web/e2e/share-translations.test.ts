import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { finishedTranscription } from "../../server/test/support/finished-transcription.js";
import { signedInContext } from "./support/signed-in.js";
import { seriousViolations, smallTouchTargets } from "./support/browser.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";

// A share link's page with a translation track, in Chromium against the real server: the viewer
// switches the text to the translation and to both side by side, and downloads the translation
// through the link, at a phone's width in both languages (no sideways scrolling, no serious axe
// violation); SCREENSHOT_DIR keeps a screenshot of each.

const PHONE = { width: 390, height: 844 };
const CUES = [
  "And so, my fellow Americans,",
  "ask not what your country can do for you,",
  "ask what you can do for your country.",
].map((text, i) => ({ start: 500 + i * 3500, end: 3500 + i * 3500, text }));
const CHINESE = ["所以，美國同胞們，", "不要問國家能為你做甚麼，", "要問你能為國家做甚麼。"];

describe("a share page's translations", () => {
  const e2e = withServerAndBrowser();

  /** A finished transcription with a completed zh-HK track, shared with downloads allowed. */
  async function sharedWithTrack(): Promise<string> {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server);
    await context.close();
    const id = await finishedTranscription(e2e.server.db, userId, CUES, "speech.mp3");
    const now = new Date().toISOString();
    await e2e.server.db
      .insertInto("translations")
      .values({
        id: randomUUID(),
        user_id: userId,
        transcription_id: id,
        language: "zh-HK",
        status: "completed",
        options_json: JSON.stringify({ style: "standard", register: "written", glossary: [] }),
        cues_json: JSON.stringify(
          CUES.map((cue, i) => ({ start: cue.start, end: cue.end, text: CHINESE[i], flags: [] })),
        ),
        progress: 100,
        cost_seconds: 2,
        charged_seconds: 2,
        created_at: now,
        finished_at: now,
      })
      .execute();
    const token = randomBytes(32).toString("base64url");
    await e2e.server.db
      .insertInto("share_links")
      .values({
        id: randomUUID(),
        transcription_id: id,
        user_id: userId,
        token,
        password_hash: null,
        allow_download: 1,
        allow_comments: 0,
        show_overview: 1,
        expires_at: null,
        created_at: now,
      })
      .execute();
    return token;
  }

  it.each(["en", "zh-HK"] as const)(
    "shows and downloads the translation at a phone's width (%s)",
    { timeout: 120_000 },
    async (language) => {
      const token = await sharedWithTrack();
      const context = await e2e.browser.newContext({ viewport: PHONE, acceptDownloads: true });
      await context.addInitScript(
        (lang) =>
          (
            globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
          ).localStorage.setItem("language", lang),
        language,
      );
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/s/${token}`);
      await page.getByText(CUES[2]!.text).waitFor();
      const choice = page.getByLabel(language === "en" ? "Text" : "顯示文字");
      await choice.selectOption("both:zh-HK");
      await page.getByText(CHINESE[2]!).waitFor();
      await expect(page.getByText(CUES[2]!.text).isVisible()).resolves.toBe(true);
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page)).toEqual([]);
      const width = await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement.scrollWidth,
      );
      expect(width).toBeLessThanOrEqual(PHONE.width);
      // A subtitle's time (play from here) takes a finger's tap (44 × 44).
      expect(await smallTouchTargets(page, "[data-testid=shared-cue]")).toEqual([]);
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({
          path: join(process.env.SCREENSHOT_DIR, `shared-translation-${language}-phone.png`),
          fullPage: true,
        });
      }

      // The translation alone: the original lines give way; the download is the track's.
      await choice.selectOption("translation:zh-HK");
      await expect(page.getByText(CUES[2]!.text).isVisible()).resolves.toBe(false);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "SRT" }).click(),
      ]);
      const srt = await readFile((await download.path())!, "utf8");
      expect(srt).toContain(CHINESE[0]);
      expect(srt).not.toContain(CUES[0]!.text);
      await context.close();
    },
  );
});
