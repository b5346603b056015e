import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { ffmpeg, JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { finishedTranscription } from "../../server/test/support/finished-transcription.js";
import { launchBrowser, seriousViolations } from "./support/browser.js";
import { startE2eServer, type E2eServer } from "./support/e2e-server.js";
import { signedInContext } from "./support/signed-in.js";

// Captioned video in the real app and server: from the editor the user chooses a style, sees
// it previewed (the spoken word highlighted), renders and downloads the MP4; the dialog works
// at phone width in Traditional Chinese. SCREENSHOT_DIR, when set, keeps a screenshot of each.

const WORDS = ["And", "so,", "my", "fellow", "Americans,"];
const CUES = [
  {
    start: 500,
    end: 3500,
    text: WORDS.join(" "),
    words: WORDS.map((text, i) => ({ text: ` ${text}`, start: 500 + i * 550, end: 950 + i * 550 })),
  },
  { start: 4000, end: 7500, text: "ask not what your country can do for you," },
  { start: 8000, end: 11000, text: "ask what you can do for your country." },
];

interface Picture {
  width: number;
  height: number;
  rgb: Buffer;
}

/** A PNG's pixels (ffmpeg decodes it), at the size given. */
function rgbOf(png: Buffer, width: number, height: number): Picture {
  const rgb = execFileSync(
    "ffmpeg",
    [
      "-v",
      "error",
      "-i",
      "pipe:0",
      "-vf",
      `scale=${width}:${height}`,
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-",
    ],
    { input: png, maxBuffer: 16 << 20 },
  );
  return { width, height, rgb };
}

/**
 * Where the captions are, as fractions of the picture: the highlighted (yellow) word's mean x,
 * and the text's (white or yellow) top, bottom and width; `inset` pixels at the edges are left
 * out (the preview's rounded corners show the dialog's white behind them).
 */
function ink(picture: Picture, inset = 0) {
  let [yellowX, yellowCount] = [0, 0];
  let [left, right, top, bottom] = [Infinity, -1, Infinity, -1];
  for (let y = inset; y < picture.height - inset; y++) {
    for (let x = inset; x < picture.width - inset; x++) {
      const i = (y * picture.width + x) * 3;
      const [r, g, b] = [picture.rgb[i]!, picture.rgb[i + 1]!, picture.rgb[i + 2]!];
      const yellow = r > 200 && g > 170 && b < 90;
      const white = r > 210 && g > 210 && b > 210;
      if (yellow) {
        yellowX += x;
        yellowCount++;
      }
      if (yellow || white) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return {
    highlightX: yellowX / yellowCount / picture.width,
    textTop: top / picture.height,
    textBottom: bottom / picture.height,
    textWidth: (right - left) / picture.width,
  };
}

describe("a captioned video from the editor", () => {
  let server: E2eServer;
  let browser: Browser;
  let audio: string;

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    audio = join(server.dataDir, "kept.m4a");
    ffmpeg("-i", JFK_MP3, "-t", "11", "-ac", "1", "-c:a", "aac", "-b:a", "32k", audio);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A finished transcription of the user's with its audio kept, as a finished job leaves it. */
  const withKeptAudio = async (userId: string) => {
    const id = await finishedTranscription(server.db, userId, CUES, "speech.mp3");
    const copy = join(server.dataDir, `${id}.listen.m4a`);
    ffmpeg("-i", audio, "-c", "copy", copy);
    await server.db
      .updateTable("transcriptions")
      .set({ audio_path: copy, audio_expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where("id", "=", id)
      .execute();
    return id;
  };

  const shoot = async (page: import("playwright-core").Page, name: string) => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: join(dir, `captioned-video-${name}.png`) });
  };

  it(
    "chooses a style, previews it, renders and downloads the MP4",
    { timeout: 120_000 },
    async () => {
      const { context, userId } = await signedInContext(browser, server);
      const id = await withKeptAudio(userId);
      const page = await context.newPage();
      await page.goto(`${server.base}/?job=${id}`);
      await page.getByRole("button", { name: "Captioned video" }).click();
      await page.getByLabel("Style").selectOption("karaoke");
      const preview = page.getByTestId("caption-preview");
      await expect.poll(() => preview.textContent()).toContain("fellow");
      // The first cue's middle (2 s): "my" is being said, and only it is highlighted.
      await expect
        .poll(() => preview.locator("[data-highlight]").allTextContents())
        .toEqual(["my"]);
      await shoot(page, "dialog");
      const previewBox = (await preview.boundingBox())!;
      const previewInk = ink(
        rgbOf(
          await preview.screenshot(),
          Math.round(previewBox.width),
          Math.round(previewBox.height),
        ),
        4,
      );

      await page.getByRole("button", { name: "Render video" }).click();
      const downloadButton = page.getByRole("button", { name: "Download MP4" });
      await downloadButton.waitFor({ timeout: 60_000 });
      const download = page.waitForEvent("download");
      await downloadButton.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("speech.captioned.mp4");
      const path = (await file.path()) ?? "";
      const streams = execFileSync(
        "ffprobe",
        ["-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", path],
        { encoding: "utf8" },
      );
      expect(streams.trim().split("\n").sort()).toEqual(["aac", "h264,1280,720"]);
      // The preview matches the render: at 2 s the highlighted word and the line stand in the
      // same places, as fractions of the picture.
      const frame = execFileSync(
        "ffmpeg",
        [
          "-v",
          "error",
          "-ss",
          "2",
          "-i",
          path,
          "-frames:v",
          "1",
          "-f",
          "rawvideo",
          "-pix_fmt",
          "rgb24",
          "-",
        ],
        { maxBuffer: 16 << 20 },
      );
      const renderInk = ink({ width: 1280, height: 720, rgb: frame });
      expect(Math.abs(previewInk.highlightX - renderInk.highlightX)).toBeLessThan(0.03);
      expect(Math.abs(previewInk.textTop - renderInk.textTop)).toBeLessThan(0.03);
      expect(Math.abs(previewInk.textBottom - renderInk.textBottom)).toBeLessThan(0.03);
      expect(Math.abs(previewInk.textWidth - renderInk.textWidth)).toBeLessThan(0.05);
      await context.close();
    },
  );

  it("fits a phone in Traditional Chinese", { timeout: 60_000 }, async () => {
    const { context, userId } = await signedInContext(browser, server, {
      language: "zh-HK",
      width: 390,
      height: 844,
    });
    const id = await withKeptAudio(userId);
    const page = await context.newPage();
    await page.goto(`${server.base}/?job=${id}`);
    await page.getByRole("button", { name: "附字幕影片" }).click();
    await page.getByLabel("形狀").selectOption("9:16");
    const dialog = page.getByRole("dialog");
    await dialog.getByText("製作影片").waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const preview = await page.getByTestId("caption-preview").boundingBox();
    expect(preview!.height).toBeGreaterThan(preview!.width); // vertical
    await shoot(page, "phone-zh-HK");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
