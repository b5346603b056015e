import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ffmpeg, JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { withEngineServer } from "./support/engine-e2e.js";
import { signedInContext } from "./support/signed-in.js";

/** Uploads a file from the workspace and waits for the editor. */
async function transcribe(page: Page, file: string, startLabel: string) {
  await page.setInputFiles('input[type="file"]', file);
  await page.getByRole("button", { name: startLabel }).click();
  await page.waitForURL(/\?job=/, { timeout: 120_000 });
  await page
    .getByRole("textbox", { name: /^(Text of subtitle 1|第 1 句字幕的文字)$/ })
    .waitFor({ timeout: 120_000 });
}

describe("the transcription workspace in a browser, with the real engine", () => {
  const e2e = withEngineServer("verbatim-e2e-media-");

  it(
    "uploads an MP3, edits and saves, survives a reload, downloads, and deletes from history",
    { timeout: 180_000 },
    async () => {
      const { context } = await signedInContext(e2e.browser, e2e.server);
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/`);
      await transcribe(page, JFK_MP3, "Start transcription");

      const text = page.getByRole("textbox", { name: "Text of subtitle 1" });
      await text.fill("And so, my fellow Americans");
      const start = page.getByRole("textbox", { name: "Start time of subtitle 1" });
      await start.fill("00:00:00,250");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Changes saved").first().waitFor();

      await page.reload();
      await expect(text.inputValue()).resolves.toBe("And so, my fellow Americans");
      await expect(start.inputValue()).resolves.toBe("00:00:00,250");

      await page.getByRole("button", { name: "Continue" }).click();
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download SRT subtitles" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("jfk.srt");
      const srt = await readFile((await file.path()) ?? "", "utf8");
      expect(srt).toMatch(
        /^1\n00:00:00,250 --> \d{2}:\d{2}:\d{2},\d{3}\nAnd so, my fellow Americans\n/,
      );

      await page.goto(`${e2e.server.base}/history`);
      const row = page.getByRole("row", { name: /jfk\.mp3/ });
      await row.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await page.getByText("Create Your First Transcription").waitFor();
      // The deletion waits for Undo; leaving the page sends it at once.
      const rows = () =>
        e2e.server.db
          .selectFrom("transcriptions")
          .select("id")
          .where("file_name", "=", "jfk.mp3")
          .execute();
      expect(await rows()).toHaveLength(1);
      await page.goto(`${e2e.server.base}/pricing`);
      await expect.poll(async () => (await rows()).length, { timeout: 5000 }).toBe(0);
      await context.close();
    },
  );

  it(
    "sends a file over 25 MB in chunks, retrying one that fails",
    { timeout: 180_000 },
    async () => {
      const video = join(e2e.dir, "talk.wav");
      // Audio goes as it is (a video would go as its audio track alone): 38 s of
      // uncompressed 96 kHz stereo in 32 bits is a little over 25 MB, and quick to transcribe.
      ffmpeg(
        ...["-i", JFK_MP3, "-filter_complex", "aloop=loop=20:size=2e6", "-t", "38"],
        ...["-ar", "96000", "-ac", "2", "-c:a", "pcm_s32le", video],
      );
      expect((await readFile(video)).length).toBeGreaterThan(25 * 1024 * 1024);
      const { context } = await signedInContext(e2e.browser, e2e.server);
      const page = await context.newPage();
      let failedOnce = false;
      const chunkIndexes: string[] = [];
      await page.route("**/api/uploads/chunk", async (route) => {
        const body = route.request().postData() ?? "";
        const index = body.match(/name="chunkIndex"\r\n\r\n(\d+)/)?.[1] ?? "?";
        chunkIndexes.push(index);
        if (index === "1" && !failedOnce) {
          failedOnce = true;
          return route.abort("connectionreset");
        }
        return route.continue();
      });
      await page.goto(`${e2e.server.base}/`);
      await page.setInputFiles('input[type="file"]', video);
      await page.getByText("Large file detected").waitFor();
      await page.getByRole("button", { name: "Start transcription" }).click();
      await page.getByRole("textbox", { name: "Text of subtitle 1" }).waitFor({ timeout: 120_000 });
      expect(failedOnce).toBe(true);
      // The failed chunk was sent again, the others once each, in order.
      expect(chunkIndexes.slice(0, 3)).toEqual(["0", "1", "1"]);
      expect(chunkIndexes.slice(2)).toEqual(chunkIndexes.slice(2).map((_, i) => String(i + 1)));
      await context.close();
    },
  );

  it(
    "runs the key path in Traditional Chinese at 768 px, and cancels a job",
    { timeout: 240_000 },
    async () => {
      const { context } = await signedInContext(e2e.browser, e2e.server, {
        language: "zh-HK",
        width: 768,
      });
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/`);
      await transcribe(page, JFK_MP3, "開始轉錄");
      await page.getByRole("button", { name: "繼續" }).click();
      await page.getByRole("button", { name: "下載 SRT 字幕" }).waitFor();

      // A longer file, cancelled while it waits or runs.
      const long = join(e2e.dir, "long.mp3");
      ffmpeg("-i", JFK_MP3, "-filter_complex", "aloop=loop=30:size=2e6", "-t", "300", long);
      await page.getByRole("button", { name: "新的轉錄" }).click();
      await page.setInputFiles('input[type="file"]', long);
      await page.getByRole("button", { name: "開始轉錄" }).click();
      await page.waitForURL(/\?job=/);
      await page.getByRole("button", { name: "取消" }).click();
      await page.getByText("已取消轉錄").first().waitFor();
      await page.goto(`${e2e.server.base}/history`);
      // At a tablet's width History is a list of cards, every action in reach (no table that
      // scrolls sideways to its Actions column).
      await page.getByRole("list", { name: "轉錄紀錄" }).getByText("已取消").first().waitFor();
      expect(await page.getByRole("table").isVisible()).toBe(false);
      await context.close();
    },
  );
});
