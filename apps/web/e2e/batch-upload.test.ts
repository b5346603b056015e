import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromBuffer, type Entry, type ZipFile } from "yauzl";
import { ffmpeg, JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { withEngineServer } from "./support/engine-e2e.js";
import { signedInContext } from "./support/signed-in.js";

/** The names of a ZIP's files. */
function zipNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip: ZipFile) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on("entry", (entry: Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describe("a batch of files in the browser, with the real engine", () => {
  const e2e = withEngineServer("verbatim-e2e-batch-");

  it(
    "sends 7 files at once, leaves out the two the minutes do not cover, follows the rest to done and downloads them as a ZIP",
    { timeout: 600_000 },
    async () => {
      // Five one-second clips (one with a Chinese name: more than the three the page sends at
      // once, so some wait their turn) and two silent 25-minute recordings at a tiny bit rate:
      // together more than a Free plan's 20 minutes.
      const short = Array.from({ length: 5 }, (_, i) =>
        join(e2e.dir, i === 0 ? "會議 錄音.mp3" : `clip-${String(i).padStart(2, "0")}.mp3`),
      );
      for (const path of short) ffmpeg("-i", JFK_MP3, "-t", "1", "-c:a", "copy", path);
      const long = ["long-a.mp3", "long-b.mp3"].map((name) => join(e2e.dir, name));
      for (const path of long) {
        ffmpeg(
          ...["-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "1500"],
          ...["-c:a", "libmp3lame", "-b:a", "8k", path],
        );
      }

      const { context, userId } = await signedInContext(e2e.browser, e2e.server);
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/batch`);
      await page.getByLabel("Choose files", { exact: true }).setInputFiles([...short, ...long]);
      await page.getByText("2 files do not fit your minutes and will not be sent.").waitFor();
      await page.getByRole("button", { name: "Start 5 files" }).click();
      await page.waitForURL(/\/batch\?id=/);

      // Every file ends (done, or left out); then the five are done, none failed.
      // (The files still under way are listed, so a failure says which and in what state.)
      await expect
        .poll(
          () =>
            page
              .getByRole("status")
              .filter({ hasText: /^(Waiting to send|Sending|Queued|Transcribing)/ })
              .allTextContents(),
          { timeout: 480_000, interval: 1000 },
        )
        .toEqual([]);
      await expect(page.getByText(/^\d+ of 7 done$/).textContent()).resolves.toBe("5 of 7 done");
      for (const name of ["long-a.mp3", "long-b.mp3"]) {
        await expect(
          page
            .getByRole("listitem", { name })
            .getByText("Not enough minutes", { exact: true })
            .isVisible(),
        ).resolves.toBe(true);
      }
      // The server made jobs for the five alone, all in one batch, and charged none of the two.
      const jobs = await e2e.server.db
        .selectFrom("transcriptions")
        .select(["file_name", "batch_id", "status"])
        .where("user_id", "=", userId)
        .execute();
      expect(jobs).toHaveLength(5);
      expect(new Set(jobs.map((job) => job.batch_id)).size).toBe(1);
      expect(jobs.every((job) => job.status === "completed")).toBe(true);
      expect(jobs.map((job) => job.file_name)).not.toContain("long-a.mp3");

      // All five as one ZIP, in two formats.
      await page.getByRole("checkbox", { name: "Plain text" }).check();
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download ZIP (5 files)" }).click();
      const zip = await download;
      expect(zip.suggestedFilename()).toMatch(/^verbatim-\d{4}-\d{2}-\d{2}\.zip$/);
      const names = await zipNames(await readFile((await zip.path()) ?? ""));
      expect(names).toHaveLength(10);
      expect(names).toContain("會議 錄音.srt");
      expect(names).toContain("clip-04.txt");

      // Leaving loses nothing: History shows the batch, and it opens again with the two not sent.
      await page.goto(`${e2e.server.base}/history`);
      const batches = page.getByRole("region", { name: "Batches" });
      await batches.getByText("7 files · 5 of 7 done").waitFor();
      await batches.getByText("2 not sent").waitFor();
      await batches.getByRole("link", { name: "Open the batch" }).click();
      await page.getByText("5 of 7 done").waitFor();
      await page
        .getByRole("listitem", { name: "long-b.mp3" })
        .getByText("Not enough minutes", { exact: true })
        .waitFor();
      // Open one in the editor.
      await page
        .getByRole("listitem", { name: "clip-01.mp3" })
        .getByRole("link", { name: "Open in the editor" })
        .click();
      await page.waitForURL(/\?job=/);
      await context.close();
    },
  );
});
