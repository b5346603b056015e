// The editor as a subtitler works in it, in Chromium against the real server: on a 1366×850
// screen the player and waveform sit on top with at least ten two-line cues readable below; the
// waveform zooms; a cue splits at the playhead; on a phone the player stays on screen while the
// list scrolls under it. Screenshots of both sizes in both languages go to E2E_SCREENSHOTS when
// that is set (for people to look at; nothing is compared).
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import {
  finishedTranscription,
  type StoredCue,
} from "../../server/test/support/finished-transcription.js";
import { signedInContext } from "./support/signed-in.js";

/** A rectangle as the page reports it (this file is compiled without the DOM types). */
interface Box {
  top: number;
  bottom: number;
}
interface Measured {
  getBoundingClientRect(): Box;
}

/** An element that may hold a shadow root (wavesurfer's), as the test walks it. */
interface ShadowHost {
  firstElementChild: ShadowHost | null;
  shadowRoot: {
    querySelector(s: string): { scrollWidth: number; clientWidth: number } | null;
  } | null;
}

/** A button as the page reports it, and the window around it (no DOM types here). */
interface Scrolled extends Measured {
  getBoundingClientRect(): Box & { left: number };
  contains(other: unknown): boolean;
}
interface Viewport {
  innerHeight: number;
  scrollTo(x: number, y: number): void;
  document: {
    documentElement: { scrollHeight: number };
    elementFromPoint(x: number, y: number): unknown;
  };
}

/** 40 two-line cues of 2.5 s with 0.5 s gaps (16 characters a second), as interviews look. */
function interviewCues(): StoredCue[] {
  return Array.from({ length: 40 }, (_, i) => {
    const text = `Cue ${i + 1}: what was said\nand how it ended`;
    // Word timings as the engine stores them: evenly over the cue, with a leading space.
    const spoken = text.split(/\s+/);
    const words = spoken.map((word, w) => ({
      text: ` ${word}`,
      start: i * 3000 + w * 300,
      end: i * 3000 + w * 300 + 250,
    }));
    return { start: i * 3000, end: i * 3000 + 2500, text, words };
  });
}

describe("the editor's layout", () => {
  const e2e = withServerAndBrowser();
  let audio: string;
  const contexts: BrowserContext[] = [];
  const shots = process.env.E2E_SCREENSHOTS;

  beforeAll(async () => {
    // Two minutes of tone as the audio copy the server keeps, so player and waveform appear.
    audio = join(e2e.server.dataDir, "listening.m4a");
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=120"],
      ...["-ac", "1", "-c:a", "aac", "-b:a", "32k", audio],
    ]);
    if (shots) mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  async function openEditor(
    size: { width: number; height: number },
    language: "en" | "zh-HK" = "en",
  ): Promise<Page> {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
      language,
      ...size,
    });
    contexts.push(context);
    const id = await finishedTranscription(e2e.server.db, userId, interviewCues());
    await e2e.server.db
      .updateTable("transcriptions")
      .set({ audio_path: audio, audio_expires_at: new Date(Date.now() + 864e5).toISOString() })
      .where("id", "=", id)
      .execute();
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/?job=${id}`);
    await page.locator("textarea").first().waitFor();
    return page;
  }

  /** How many cue rows are wholly on screen (inside the viewport and the list's own box). */
  async function rowsOnScreen(page: Page, below = 0): Promise<number> {
    const list = await page.locator("ul[aria-label]").filter({ has: page.locator("textarea") });
    const listBox = await list.evaluate((el: Measured) => el.getBoundingClientRect());
    const height = page.viewportSize()?.height ?? 0;
    const rows = await list
      .locator("li[data-cue-index]")
      .evaluateAll((els: Measured[]) => els.map((el) => el.getBoundingClientRect()));
    return rows.filter(
      (row) =>
        row.top >= Math.max(below, listBox.top) - 1 &&
        row.bottom <= Math.min(height, listBox.bottom) + 1,
    ).length;
  }

  it(
    "shows player, waveform and at least ten cues on a 1366×850 screen; zooms; splits at the playhead",
    { timeout: 120_000 },
    async () => {
      const page = await openEditor({ width: 1366, height: 850 });
      const waveform = page.getByRole("img", { name: /Waveform/ });
      await waveform.waitFor();
      // Scrolled to the editor, as someone working in it is: tools, player and waveform on top,
      // cues below.
      await page
        .getByRole("button", { name: "Play", exact: true })
        .evaluate((el: { scrollIntoView(o: object): void }) =>
          el.scrollIntoView({ block: "start" }),
        );
      // …just below the site's header, which stays on top.
      const header = await page.locator("header").first().boundingBox();
      await page.evaluate(
        (by) =>
          (globalThis as unknown as { scrollBy(x: number, y: number): void }).scrollBy(0, -by),
        header?.height ?? 0,
      );
      const player = await page.getByRole("button", { name: "Play", exact: true }).boundingBox();
      expect(player && player.y >= (header?.height ?? 0)).toBe(true);
      if (shots) await page.screenshot({ path: join(shots, "editor-desktop-en.png") });
      expect(await rowsOnScreen(page, header?.height ?? 0)).toBeGreaterThanOrEqual(10);

      // Zoom: the waveform grows wider than its box and scrolls.
      const zoomIn = page.getByRole("button", { name: "Zoom in" });
      await expect.poll(() => zoomIn.isEnabled(), { timeout: 30_000 }).toBe(true);
      const scrollWidth = () =>
        waveform.evaluate((el: ShadowHost) => {
          // wavesurfer draws in a shadow root a level or two down.
          let node: ShadowHost | null = el;
          while (node && !node.shadowRoot) node = node.firstElementChild;
          const scroll = node?.shadowRoot?.querySelector(".scroll");
          return scroll ? scroll.scrollWidth / scroll.clientWidth : 0;
        });
      expect(await scrollWidth()).toBeLessThan(1.1);
      await zoomIn.click();
      await zoomIn.click();
      await expect(waveform.getAttribute("data-px-per-sec")).resolves.toBe("50");
      await expect.poll(scrollWidth).toBeGreaterThan(4); // 120 s × 50 px over ~900 px
      await page.getByRole("button", { name: "Zoom out" }).click();
      await expect(waveform.getAttribute("data-px-per-sec")).resolves.toBe("25");

      // The word being spoken is highlighted under the player; clicking a word plays from it.
      const audio = page.locator("audio");
      await audio.evaluate((el: { currentTime: number }) => {
        el.currentTime = 3.95; // cue 2, its 4th word ("was", 3.9–4.15 s)
      });
      const caption = page.getByTestId("audio-caption");
      await expect.poll(() => caption.locator("[data-spoken]").textContent()).toBe("was");
      await expect(caption.innerText()).resolves.toBe("Cue 2: what was said\nand how it ended");
      await caption.getByRole("button", { name: "ended" }).click();
      await expect
        .poll(() => audio.evaluate((el: { currentTime: number }) => el.currentTime))
        .toBeCloseTo(5.4, 1);
      await expect.poll(() => caption.locator("[data-spoken]").textContent()).toBe("ended");

      // Split at the playhead: cue 3 runs 6.0–8.5 s; the playhead at 7.25 s cuts it there.
      await page.locator("audio").evaluate((el: { currentTime: number }) => {
        el.currentTime = 7.25;
      });
      const split = page.getByRole("button", { name: "Split at playhead" });
      await expect.poll(() => split.isEnabled()).toBe(true);
      await split.click();
      await expect(
        page.getByRole("textbox", { name: "End time of subtitle 3", exact: true }).inputValue(),
      ).resolves.toBe("00:00:07,166"); // the minimum gap: 2 frames at 23.976 (audio) before
      await expect(
        page.getByRole("textbox", { name: "Start time of subtitle 4", exact: true }).inputValue(),
      ).resolves.toBe("00:00:07,250");
      const halves = [
        await page.getByRole("textbox", { name: "Text of subtitle 3", exact: true }).inputValue(),
        await page.getByRole("textbox", { name: "Text of subtitle 4", exact: true }).inputValue(),
      ];
      expect(halves.join(" ").replace(/\s+/g, " ")).toBe("Cue 3: what was said and how it ended");
      expect(halves.every((half) => half.length > 0)).toBe(true);
      await expect(
        page.getByRole("textbox", { name: "Text of subtitle 5", exact: true }).inputValue(),
      ).resolves.toMatch(/^Cue 4:/);
    },
  );

  it(
    "keeps the player on screen on a phone while the cues scroll",
    { timeout: 60_000 },
    async () => {
      const page = await openEditor({ width: 390, height: 844 });
      await page
        .getByRole("textbox", { name: "Text of subtitle 20", exact: true })
        .scrollIntoViewIfNeeded();
      const play = await page.getByRole("button", { name: "Play", exact: true }).boundingBox();
      expect(play).not.toBeNull();
      expect(play!.y).toBeGreaterThanOrEqual(0);
      expect(play!.y + play!.height).toBeLessThan(844 / 2);
      // Times stay whole and readable: the time field is wide enough for "00:00:57,000".
      const time = page.getByRole("textbox", { name: "Start time of subtitle 20", exact: true });
      const fits = await time.evaluate(
        (el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth <= el.clientWidth,
      );
      expect(fits).toBe(true);

      // A long line wraps in its field (up to four lines) instead of running out of sight.
      const text = page.getByRole("textbox", { name: "Text of subtitle 20", exact: true });
      await text.fill("And so, my fellow Americans: ask not what your country can do for you");
      const whole = await text.evaluate(
        (el: { scrollHeight: number; clientHeight: number }) => el.scrollHeight <= el.clientHeight,
      );
      expect(whole).toBe(true);

      // At the end of the list the player leaves with it: the buttons below the list are never
      // under the player, at any scroll position where they are on screen.
      const save = page.getByRole("button", { name: "Save changes" });
      await save.scrollIntoViewIfNeeded();
      const coveredAt = await save.evaluate((button: Scrolled) => {
        const view = globalThis as unknown as Viewport;
        const covered: number[] = [];
        const end = view.document.documentElement.scrollHeight - view.innerHeight;
        for (let y = Math.max(0, end - 1200); y <= end; y += 20) {
          view.scrollTo(0, y);
          const box = button.getBoundingClientRect();
          if (box.top < 64 || box.bottom > view.innerHeight) continue;
          const hit = view.document.elementFromPoint(box.left + 8, (box.top + box.bottom) / 2);
          if (!hit || !button.contains(hit)) covered.push(y);
        }
        return covered;
      });
      expect(coveredAt).toEqual([]);
      if (shots) {
        await page.screenshot({ path: join(shots, "editor-phone-en.png") });
        const desktop = await openEditor({ width: 1366, height: 850 }, "zh-HK");
        await desktop.locator("audio").waitFor({ state: "attached" });
        await desktop.screenshot({ path: join(shots, "editor-desktop-zh.png") });
        const phone = await openEditor({ width: 390, height: 844 }, "zh-HK");
        await phone.screenshot({ path: join(shots, "editor-phone-zh.png") });
      }
    },
  );
});
