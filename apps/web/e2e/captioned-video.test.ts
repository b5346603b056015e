import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ffmpeg, JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import {
  finishedTranscription,
  keepAudio,
} from "../../server/test/support/finished-transcription.js";
import { seriousViolations } from "./support/browser.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
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

/** The browser's private file system, seen from the test (no DOM types here). */
interface OpfsNavigator {
  navigator: {
    storage: {
      getDirectory(): Promise<{
        getDirectoryHandle(
          name: string,
          options: { create: boolean },
        ): Promise<{
          getFileHandle(
            name: string,
            options: { create: boolean },
          ): Promise<{
            createWritable(): Promise<{
              write(data: Uint8Array): Promise<void>;
              close(): Promise<void>;
            }>;
          }>;
        }>;
      }>;
    };
  };
}

/** The source video's orange (0xD05020), give or take the codec's and the scaling's drift. */
function expectOrange({ r, g, b }: { r: number; g: number; b: number }): void {
  expect(Math.abs(r - 0xd0), `red ${r}`).toBeLessThan(24);
  expect(Math.abs(g - 0x50), `green ${g}`).toBeLessThan(24);
  expect(Math.abs(b - 0x20), `blue ${b}`).toBeLessThan(24);
}

/** The mean colour of the rows from `top` to `bottom` (fractions of the height), all columns. */
function meanColour(picture: Picture, top: number, bottom: number) {
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = Math.floor(top * picture.height); y < Math.floor(bottom * picture.height); y++) {
    for (let x = 2; x < picture.width - 2; x++) {
      const i = (y * picture.width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c]! += picture.rgb[i + c]!;
      count++;
    }
  }
  const [r, g, b] = sum.map((value) => Math.round(value / count));
  return { r: r!, g: g!, b: b! };
}

/**
 * Renders from the open dialog, downloads the MP4 and checks its name and streams (AAC, and
 * H.264 at `size`, "width,height"); returns where the download is.
 */
async function renderAndDownload(page: Page, name: string, size: string): Promise<string> {
  await page.getByRole("button", { name: "Render video" }).click();
  const downloadButton = page.getByRole("button", { name: "Download MP4" });
  // x264 on a machine the other test files keep busy: about 50 s of a 2-core CI run's time.
  await downloadButton.waitFor({ timeout: 180_000 });
  const download = page.waitForEvent("download");
  await downloadButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  const path = (await file.path()) ?? "";
  const streams = execFileSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", path],
    { encoding: "utf8" },
  );
  expect(streams.trim().split("\n").sort()).toEqual(["aac", `h264,${size}`]);
  return path;
}

describe("a captioned video from the editor", () => {
  const e2e = withServerAndBrowser();
  let audio: string;

  beforeAll(async () => {
    audio = join(e2e.server.dataDir, "kept.m4a");
    ffmpeg("-i", JFK_MP3, "-t", "11", "-ac", "1", "-c:a", "aac", "-b:a", "32k", audio);
  });

  /** A finished transcription of the user's with its audio kept, as a finished job leaves it. */
  const withKeptAudio = async (userId: string) => {
    const id = await finishedTranscription(e2e.server.db, userId, CUES, "speech.mp3");
    await keepAudio(e2e.server.db, id, audio, e2e.server.dataDir);
    return id;
  };

  /** The video the user transcribed: 11 s of flat orange (nothing else is that colour) and the speech. */
  const orangeVideo = () => {
    const video = join(e2e.server.dataDir, "clip.mp4");
    if (existsSync(video)) return video;
    ffmpeg(
      ...["-f", "lavfi", "-i", "color=c=0xD05020:s=320x180:r=25:d=11", "-i", audio],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "copy"],
      ...["-shortest", video],
    );
    return video;
  };

  /** Keeps `path` in the browser's private storage for the job, as the upload page leaves it. */
  const keepInBrowser = async (page: import("playwright-core").Page, id: string, path: string) => {
    await page.goto(`${e2e.server.base}/`);
    await page.evaluate(
      async ({ name, base64 }) => {
        const storage = (globalThis as unknown as OpfsNavigator).navigator.storage;
        const root = await storage.getDirectory();
        const folder = await root.getDirectoryHandle("media", { create: true });
        const handle = await folder.getFileHandle(name, { create: true });
        const writable = await handle.createWritable();
        await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
        await writable.close();
      },
      { name: `${id}--${basename(path)}`, base64: readFileSync(path).toString("base64") },
    );
  };

  const shoot = async (page: import("playwright-core").Page, name: string) => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: join(dir, `captioned-video-${name}.png`) });
  };

  it(
    "chooses a style, previews it, renders and downloads the MP4",
    { timeout: 300_000 },
    async () => {
      const { context, userId } = await signedInContext(e2e.browser, e2e.server);
      const id = await withKeptAudio(userId);
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/?job=${id}`);
      await page.getByRole("button", { name: "Captioned video" }).click();
      // In the dialog: the editor's toolbar has a "Style" group of its own (italics, bold…).
      await page.getByRole("dialog").getByLabel("Style").selectOption("karaoke");
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

      const path = await renderAndDownload(page, "speech.captioned.mp4", "1280,720");
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

  it(
    "renders a video transcription over the user's own video, kept in the browser",
    { timeout: 300_000 },
    async () => {
      // The video the user transcribed: a flat orange picture (nothing else is that colour)
      // with the speech, kept by this browser as the upload leaves it; the server keeps no audio.
      const video = orangeVideo();
      const { context, userId } = await signedInContext(e2e.browser, e2e.server);
      const id = await finishedTranscription(e2e.server.db, userId, CUES, "clip.mp4");
      const page = await context.newPage();
      await keepInBrowser(page, id, video);
      await page.goto(`${e2e.server.base}/?job=${id}`);
      await page.getByRole("button", { name: "Captioned video" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(/The captions go on your own video/).waitFor();
      // The preview shows the video's own frame under the captions.
      const previewVideo = page.getByTestId("caption-preview-video");
      await expect
        .poll(() => previewVideo.evaluate((element: { readyState: number }) => element.readyState))
        .toBeGreaterThan(1);
      const preview = page.getByTestId("caption-preview");
      await expect.poll(() => preview.textContent()).toContain("fellow");
      await shoot(page, "over-video-dialog");
      const previewBox = (await preview.boundingBox())!;
      const previewPixels = rgbOf(await preview.screenshot(), 32, 18);
      expect(previewBox.width / previewBox.height).toBeCloseTo(16 / 9, 1);
      expectOrange(meanColour(previewPixels, 0.1, 0.5));

      const path = await renderAndDownload(page, "clip.captioned.mp4", "320,180");
      // The MP4's frame at 2 s: the source's orange above the captions, and the captions on it.
      const png = join(
        process.env.SCREENSHOT_DIR ?? e2e.server.dataDir,
        "captioned-video-over-video-frame.png",
      );
      ffmpeg("-ss", "2", "-i", path, "-frames:v", "1", png);
      const frame = rgbOf(readFileSync(png), 320, 180);
      expectOrange(meanColour(frame, 0.1, 0.5));
      expect(ink(frame).textBottom).toBeGreaterThan(0.8);
      // Nothing of the video is left on the server once the render has ended.
      const row = await e2e.server.db
        .selectFrom("renders")
        .select(["picture", "source_path"])
        .where("transcription_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ picture: "video", source_path: null });
      await context.close();
    },
  );

  it("fits a phone in Traditional Chinese", { timeout: 60_000 }, async () => {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
      language: "zh-HK",
      width: 390,
      height: 844,
    });
    const id = await withKeptAudio(userId);
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/?job=${id}`);
    await page.getByRole("button", { name: "附字幕影片" }).click();
    await page.getByLabel("形狀").selectOption("9:16");
    const dialog = page.getByRole("dialog");
    await dialog.getByText("製作影片").waitFor();
    // No video on this device: the captions go over a waveform, and the dialog says why.
    await dialog.getByText(/這部裝置上沒有你的影片/).waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const preview = await page.getByTestId("caption-preview").boundingBox();
    expect(preview!.height).toBeGreaterThan(preview!.width); // vertical
    await shoot(page, "phone-zh-HK");
    expect(await seriousViolations(page)).toEqual([]);

    // A video transcription whose video this phone keeps: the dialog says the captions go on it.
    const withVideo = await finishedTranscription(e2e.server.db, userId, CUES, "clip.mp4");
    await keepInBrowser(page, withVideo, orangeVideo());
    await page.goto(`${e2e.server.base}/?job=${withVideo}`);
    await page.getByRole("button", { name: "附字幕影片" }).click();
    await dialog.getByText(/字幕會加在你這部裝置上的影片上/).waitFor();
    await page.getByLabel("形狀").selectOption("9:16");
    const cut = await page.getByTestId("caption-preview").boundingBox();
    expect(cut!.height).toBeGreaterThan(cut!.width);
    const fitted = await dialog.boundingBox();
    expect(fitted!.x + fitted!.width).toBeLessThanOrEqual(390);
    await shoot(page, "phone-zh-HK-over-video");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
