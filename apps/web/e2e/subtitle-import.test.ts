import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readSrt } from "@verbatim/subtitles";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ffmpeg, JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { withEngineServer } from "./support/engine-e2e.js";
import { signedInContext } from "./support/signed-in.js";

// A subtitle file with the wrong timings, re-timed to its media from the upload step at phone
// width: the editor lists where the script and the speech differ first, and the SRT that
// downloads has the file's wording unchanged, timed within the media.

/** Times 30 s past the end of the 4-second recording they belong to. */
const WRONG_SRT = `1
00:00:30,000 --> 00:00:31,000
And so, my fellow Americans,

2
00:00:32,000 --> 00:00:33,500
ask not — 不要問
`;

/** The page's root as the browser measures it (this file compiles without the DOM's types). */
interface MeasuredPage {
  document: { documentElement: { scrollWidth: number } };
  innerWidth: number;
}

/** Whether the page is wider than the window (something does not fit a phone). */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const root = globalThis as unknown as MeasuredPage;
    return root.document.documentElement.scrollWidth > root.innerWidth;
  });

describe("importing subtitles in the browser, with the real engine", () => {
  const e2e = withEngineServer("verbatim-e2e-import-");

  it(
    "re-times an SRT with wrong timings to its media and exports it unchanged in wording",
    { timeout: 180_000 },
    async () => {
      const media = join(e2e.dir, "speech.mp3");
      ffmpeg("-i", JFK_MP3, "-t", "4", media);
      const subtitles = join(e2e.dir, "speech.srt");
      await writeFile(subtitles, WRONG_SRT);
      const { context } = await signedInContext(e2e.browser, e2e.server, {
        width: 390,
        height: 844,
      });
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/`);
      await page.setInputFiles('input[type="file"]', media);
      await page.getByLabel("Add a subtitle or script file").setInputFiles(subtitles);
      await page.getByText("speech.srt").waitFor();
      await page.getByRole("radio", { name: /^Re-time it to the speech/ }).check();
      // Bilingual subtitles are made from the speech: not offered with a subtitle file.
      await expect(
        page.getByRole("checkbox", { name: /^Bilingual subtitles/ }).isDisabled(),
      ).resolves.toBe(true);
      expect(await overflows(page)).toBe(false);
      await page.getByRole("button", { name: "Start transcription" }).click();
      await page.waitForURL(/\?job=/, { timeout: 120_000 });
      const id = new URL(page.url()).searchParams.get("job") ?? "";
      await page.getByRole("textbox", { name: "Text of subtitle 1" }).waitFor({ timeout: 120_000 });

      // The editor lists the subtitles the server marked, before the list.
      const stored = async () => {
        const row = await e2e.server.db
          .selectFrom("transcriptions")
          .select("cues_json")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        return JSON.parse(row.cues_json ?? "[]") as { text: string; mismatches?: unknown[] }[];
      };
      // The random-weight model does not hear the script (least of all its Chinese words).
      const marked = (await stored()).filter((cue) => cue.mismatches?.length).length;
      expect(marked).toBeGreaterThan(0);
      const summary = page.getByRole("heading", { name: /to check first$/ });
      await expect(summary.textContent()).resolves.toMatch(new RegExp(`^${marked} subtitle`));
      await page
        .getByRole("button", { name: /^Mark subtitle \d+ checked$/ })
        .first()
        .click();
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Changes saved").first().waitFor();
      // Checked is saved: the server keeps one subtitle fewer to check.
      expect((await stored()).filter((cue) => cue.mismatches?.length).length).toBe(marked - 1);
      expect(await overflows(page)).toBe(false);

      await page.getByRole("button", { name: "Continue" }).click();
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download SRT subtitles" }).click();
      const srt = await readFile((await (await download).path()) ?? "", "utf8");
      const cues = readSrt(srt);
      expect(cues.map((cue) => cue.text)).toEqual(readSrt(WRONG_SRT).map((cue) => cue.text));
      // Timed within the 4 s recording now (they were 30 s past it), in order.
      for (const [i, cue] of cues.entries()) {
        expect(cue.end).toBeLessThanOrEqual(4500);
        if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
      }
      await context.close();
    },
  );

  it("offers the subtitle file and bilingual subtitles in Traditional Chinese at phone width", async () => {
    const subtitles = join(e2e.dir, "script.txt");
    await writeFile(subtitles, "我們先談天氣。\n\n然後是新聞。\n");
    const { context } = await signedInContext(e2e.browser, e2e.server, {
      language: "zh-HK",
      width: 390,
      height: 844,
    });
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/`);
    await page.getByText("字幕或文稿（可選）").waitFor();
    // Bilingual subtitles say what they cost before anything starts.
    await page.getByText(/按兩次處理收費/).waitFor();
    await page.getByLabel("加入字幕或文稿檔案").setInputFiles(subtitles);
    // A script without timings is re-timed unless asked otherwise.
    await expect(page.getByRole("radio", { name: /^按語音重新對時/ }).isChecked()).resolves.toBe(
      true,
    );
    expect(await overflows(page)).toBe(false);
    await context.close();
  });
});
