// Reopening a finished transcription gives the player back: on the same device the original
// (kept in the browser), picture and subtitles over it; on another device the audio the server
// keeps for the plan's days, with the waveform.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ffmpeg, JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { withEngineServer } from "./support/engine-e2e.js";
import { signedInContext } from "./support/signed-in.js";

/** What the test reads of an <audio> or <video> (this file is compiled without the DOM types). */
interface MediaState {
  currentSrc: string;
  duration: number;
  readyState: number;
}

/** An element or shadow root, as walked from the test (no DOM types here). */
interface ShadowWalk {
  children: ArrayLike<ShadowWalk>;
  shadowRoot?: ShadowWalk | null;
  getAttribute?(name: string): string | null;
}

/** The page's localStorage, seen from the test (no DOM types here). */
type Storage = {
  localStorage: { getItem(key: string): string | null; setItem(k: string, v: string): void };
};

describe("reopening a transcription with its media", () => {
  const e2e = withEngineServer("verbatim-e2e-reopen-");

  const firstText = (page: Page) => page.getByRole("textbox", { name: "Text of subtitle 1" });

  /** The media element's state: what it plays and whether it has loaded it. */
  const player = (page: Page, selector: "video" | "audio") =>
    page.locator(selector).evaluate((element: MediaState) => ({
      src: element.currentSrc,
      duration: element.duration,
      readyState: element.readyState,
    }));

  /** The numbered cue regions drawn in the waveform (inside wavesurfer's shadow roots). */
  const regionLabels = (page: Page) =>
    page.getByRole("img", { name: /^Waveform/ }).evaluate((root: ShadowWalk) => {
      let count = 0;
      const visit = (node: ShadowWalk) => {
        for (const child of Array.from(node.children)) {
          if (child.getAttribute?.("part") === "region-content") count++;
          visit(child);
          if (child.shadowRoot) visit(child.shadowRoot);
        }
      };
      visit(root);
      return count;
    });

  it(
    "from History: the video with subtitles on it here, the kept audio and waveform elsewhere",
    { timeout: 240_000 },
    async () => {
      const video = join(e2e.dir, "briefing.mp4");
      ffmpeg(
        ...["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=15", "-i", JFK_MP3],
        ...["-shortest", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", video],
      );
      const { context } = await signedInContext(e2e.browser, e2e.server);
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/`);
      await page.setInputFiles('input[type="file"]', video);
      await page.getByRole("button", { name: "Start transcription" }).click();
      await firstText(page).waitFor({ timeout: 180_000 });
      const id = new URL(page.url()).searchParams.get("job") ?? "";
      expect(id).not.toBe("");

      // Reopen from History after a full reload: the original plays here, picture included.
      await page.goto(`${e2e.server.base}/history`);
      await page
        .getByRole("row", { name: /briefing\.mp4/ })
        .getByRole("link", { name: "Open" })
        .click();
      await firstText(page).waitFor();
      await expect.poll(async () => (await player(page, "video")).readyState).toBeGreaterThan(0);
      expect((await player(page, "video")).src).toMatch(/^blob:/);
      expect((await player(page, "video")).duration).toBeGreaterThan(10);
      await page.getByRole("img", { name: /^Waveform/ }).waitFor();

      // Going to a subtitle shows it over the picture, as a viewer will see it.
      const cueText = await firstText(page).inputValue();
      expect(cueText.trim()).not.toBe("");
      await page.getByRole("button", { name: /^Subtitle 1: go to/ }).click();
      await expect.poll(() => page.getByTestId("video-caption").textContent()).toBe(cueText);

      // Another device (no copy in its browser): the audio the server keeps, and the waveform.
      const { context: other } = await signedInContext(e2e.browser, e2e.server);
      await other.clearCookies();
      const cookies = await context.cookies();
      await other.addCookies(cookies);
      await other.addInitScript(
        (token) => (globalThis as unknown as Storage).localStorage.setItem("authToken", token),
        await page.evaluate(
          () => (globalThis as unknown as Storage).localStorage.getItem("authToken") ?? "",
        ),
      );
      const elsewhere = await other.newPage();
      await elsewhere.goto(`${e2e.server.base}/?job=${id}`);
      await firstText(elsewhere).waitFor();
      await elsewhere.getByText(/^Playing the audio we keep until/).waitFor();
      await expect
        .poll(async () => (await player(elsewhere, "audio")).readyState)
        .toBeGreaterThan(0);
      const kept = await player(elsewhere, "audio");
      expect(kept.src).toBe(`${e2e.server.base}/api/transcriptions/${id}/audio`);
      expect(kept.duration).toBeGreaterThan(10);
      expect(kept.duration).toBeLessThan(12);
      await elsewhere.getByRole("img", { name: /^Waveform/ }).waitFor();
      // Once the waveform is drawn (zoom works), the player still plays the same source: the
      // waveform used to swap in a second download of it as a blob, which also stopped playback.
      await expect
        .poll(() => elsewhere.getByRole("button", { name: "Zoom in" }).isEnabled())
        .toBe(true);
      expect((await player(elsewhere, "audio")).src).toBe(kept.src);
      await expect(elsewhere.locator("video").count()).resolves.toBe(0);
      const cueCount = await elsewhere.locator("li[data-cue-index]").count();
      await expect.poll(() => regionLabels(elsewhere)).toBe(cueCount);

      // Opening the original there swaps the kept audio for the video: the waveform is drawn
      // again, with one numbered region per subtitle and nothing left from the first drawing.
      await elsewhere.getByText(/^Playing the audio we keep until/).click();
      await elsewhere.getByLabel("Open media file").setInputFiles(video);
      await expect
        .poll(async () => (await player(elsewhere, "video")).readyState)
        .toBeGreaterThan(0);
      await expect
        .poll(() => elsewhere.getByRole("button", { name: "Zoom in" }).isEnabled())
        .toBe(true);
      await expect.poll(() => regionLabels(elsewhere)).toBe(cueCount);
      await other.close();
      await context.close();
    },
  );
});
