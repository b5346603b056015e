import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findCjkFont } from "@verbatim/formats";
import {
  captionEvents,
  captionFrame,
  captionStyle,
  writeCaptionAss,
  type CaptionStyleName,
} from "@verbatim/formats/captions";
import type { Cue } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { burnCaptions } from "../src/burn/burn-captions.js";
import { ffmpeg, scratchDir } from "./helpers/media-files.js";
import { runCli } from "./helpers/run-cli.js";

// A 4 s 640×360 blue video with a tone: cues are burned in and frames read back as pixels.

const scratch = scratchDir("verbatim-burn-test-");
const at = (name: string) => join(scratch.dir, name);
const VIDEO = at("blue.mp4");
const AUDIO = at("tone.m4a");

beforeAll(() => {
  ffmpeg(
    ...["-f", "lavfi", "-i", "color=c=0x336699:s=640x360:r=25:d=4"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:duration=4"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", VIDEO],
  );
  ffmpeg("-f", "lavfi", "-i", "sine=frequency=300:duration=2", "-c:a", "aac", AUDIO);
}, 60_000);
afterAll(() => scratch.cleanup());

interface Frame {
  width: number;
  height: number;
  rgb: Buffer;
}

/** The frame shown at `seconds`, as RGB bytes. */
function frameAt(file: string, seconds: number, width: number, height: number): Frame {
  const rgb = execFileSync(
    "ffmpeg",
    [
      "-v",
      "error",
      "-ss",
      String(seconds),
      "-i",
      file,
      "-frames:v",
      "1",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-",
    ],
    { maxBuffer: 64 << 20 },
  );
  expect(rgb.length).toBe(width * height * 3);
  return { width, height, rgb };
}

type Test = (r: number, g: number, b: number) => boolean;
const WHITE: Test = (r, g, b) => r > 210 && g > 210 && b > 210;
const YELLOW: Test = (r, g, b) => r > 200 && g > 170 && b < 90;

/** The pixels passing a test, with their bounds and mean x. */
function ink(frame: Frame, test: Test) {
  let count = 0;
  let sumX = 0;
  let [left, right, top, bottom] = [Infinity, -1, Infinity, -1];
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const i = (y * frame.width + x) * 3;
      if (!test(frame.rgb[i]!, frame.rgb[i + 1]!, frame.rgb[i + 2]!)) continue;
      count++;
      sumX += x;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return { count, meanX: count ? sumX / count : NaN, left, right, top, bottom };
}

/**
 * White ink between rows `from` and `to` (exclusive): its count and rows, and how far the mean x
 * of its upper half lies right of its lower half's (an italic's lean, in pixels).
 */
function inkIn(frame: Frame, from: number, to: number) {
  const rows: { y: number; x: number }[] = [];
  for (let y = from; y < to; y++) {
    for (let x = 0; x < frame.width; x++) {
      const i = (y * frame.width + x) * 3;
      if (WHITE(frame.rgb[i]!, frame.rgb[i + 1]!, frame.rgb[i + 2]!)) rows.push({ y, x });
    }
  }
  const top = Math.min(...rows.map((p) => p.y));
  const bottom = Math.max(...rows.map((p) => p.y));
  const middle = (top + bottom) / 2;
  const meanX = (points: { x: number }[]) =>
    points.reduce((sum, p) => sum + p.x, 0) / Math.max(1, points.length);
  const lean = meanX(rows.filter((p) => p.y < middle)) - meanX(rows.filter((p) => p.y > middle));
  return { count: rows.length, top, bottom, lean };
}

/** Ink per column band between x `from` and `to` (exclusive) of an area, in `bands` bands. */
function columnProfile(
  frame: Frame,
  area: { top: number; bottom: number },
  from: number,
  to: number,
  bands: number,
): number[] {
  const profile = new Array<number>(bands).fill(0);
  for (let y = area.top; y <= area.bottom; y++) {
    for (let x = from; x < to; x++) {
      const i = (y * frame.width + x) * 3;
      if (WHITE(frame.rgb[i]!, frame.rgb[i + 1]!, frame.rgb[i + 2]!)) {
        profile[Math.min(bands - 1, Math.floor(((x - from) / (to - from)) * bands))]! += 1;
      }
    }
  }
  return profile;
}

/** Pearson's correlation of two equally long series. */
function correlation(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  a.forEach((x, i) => {
    ab += (x - ma) * (b[i]! - mb);
    aa += (x - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
}

async function burn(
  name: string,
  cues: Cue[],
  style: CaptionStyleName,
  extra: Partial<Parameters<typeof burnCaptions>[0]> = {},
) {
  const output = at(`${name}.mp4`);
  const result = await burnCaptions({
    input: VIDEO,
    output,
    cues,
    language: null,
    title: name,
    style: captionStyle(style),
    crop: "source",
    ...extra,
  });
  return { output, ...result };
}

const HELLO: Cue = { index: 1, start: 500, end: 1500, text: "HELLO WORLD" };

describe("burnCaptions", () => {
  it("draws a cue's text in the bottom safe area while it is on, and nothing after it ends", async () => {
    const { output, width, height, audioCopied } = await burn("standard", [HELLO], "standard");
    expect([width, height, audioCopied]).toEqual([640, 360, true]);
    const on = ink(frameAt(output, 1.0, width, height), WHITE);
    expect(on.count).toBeGreaterThan(200);
    expect(on.top).toBeGreaterThan(height / 2); // at the bottom
    expect(on.bottom).toBeLessThan(height - Math.round(height * 0.05)); // above the safe margin
    expect(on.left).toBeGreaterThanOrEqual(Math.round(width * 0.05));
    expect(ink(frameAt(output, 2.0, width, height), WHITE).count).toBe(0);
  }, 60_000);

  it("places the text at the top when asked", async () => {
    const style = captionStyle("standard", { position: "top" });
    const { output, width, height } = await burn("top", [HELLO], "standard", { style });
    const on = ink(frameAt(output, 1.0, width, height), WHITE);
    expect(on.count).toBeGreaterThan(200);
    expect(on.bottom).toBeLessThan(height / 2);
    expect(on.top).toBeGreaterThanOrEqual(Math.round(height * 0.05));
  }, 60_000);

  it("draws a cue's italics and its place at the top: one top italic cue over a bottom upright one", async () => {
    const top: Cue = { index: 1, start: 200, end: 1800, text: "<i>HHHHHH</i>", position: "top" };
    const bottom: Cue = { index: 2, start: 200, end: 1800, text: "HHHHHH" };
    // Large letters (10 % of the height), so the lean is several pixels.
    const style = captionStyle("standard", { sizePercent: 10 });
    const { output, width, height } = await burn("styled", [top, bottom], "standard", { style });
    const frame = frameAt(output, 1.0, width, height);
    const upper = inkIn(frame, 0, Math.floor(height / 2));
    const lower = inkIn(frame, Math.floor(height / 2), height);
    // The top cue is drawn in the top part of the picture, the bottom one below the middle.
    expect(upper.count).toBeGreaterThan(100);
    expect(lower.count).toBeGreaterThan(100);
    expect(upper.bottom).toBeLessThan(height / 3);
    expect(lower.top).toBeGreaterThan((height * 2) / 3);
    // Italic strokes lean right: the ink's upper rows sit right of its lower rows.
    // (Measured: 2.4 px for the italic row, 0.05 for the upright one.)
    expect(upper.lean).toBeGreaterThan(1.5);
    expect(Math.abs(lower.lean)).toBeLessThan(0.75);
    // The script given to ffmpeg (the same functions burnCaptions calls) carries the tags.
    const scriptFrame = captionFrame({ width, height }, "source");
    const script = writeCaptionAss(captionEvents([top, bottom], style, null, scriptFrame), {
      title: "styled",
      style,
      frame: scriptFrame,
    });
    expect(script).toContain("{\\an8}{\\i1}HHHHHH{\\r}");
  }, 60_000);

  it("karaoke: the highlighted word's colour moves with the word timings", async () => {
    const cue: Cue = {
      index: 1,
      start: 500,
      end: 3500,
      text: "ONE TWO THREE",
      words: [
        { text: " ONE", start: 500, end: 1300 },
        { text: " TWO", start: 1500, end: 2300 },
        { text: " THREE", start: 2500, end: 3300 },
      ],
    };
    const { output, width, height } = await burn("karaoke", [cue], "karaoke");
    const first = ink(frameAt(output, 1.0, width, height), YELLOW);
    const last = ink(frameAt(output, 3.0, width, height), YELLOW);
    expect(first.count).toBeGreaterThan(50);
    expect(last.count).toBeGreaterThan(50);
    expect(first.meanX).toBeLessThan(width / 2);
    expect(last.meanX - first.meanX).toBeGreaterThan(width / 6);
    // The words not being spoken stay white.
    expect(ink(frameAt(output, 1.0, width, height), WHITE).meanX).toBeGreaterThan(first.meanX);
  }, 60_000);

  it("draws CJK glyphs, not tofu: the same shapes as the font draws them itself", async () => {
    const cue: Cue = { index: 1, start: 0, end: 3000, text: "你好世界" };
    const style = captionStyle("standard", { sizePercent: 12 }, "zh-HK");
    const glyphs = await burn("cjk", [cue], "standard", { style });
    const frame = frameAt(glyphs.output, 1.0, glyphs.width, glyphs.height);
    const area = ink(frame, WHITE);
    expect(area.count).toBeGreaterThan(500);
    // Tofu boxes would all be the same: the four characters' cells must differ.
    const cellWidth = (area.right - area.left + 1) / 4;
    const cells = [0, 1, 2, 3].map((c) => {
      const from = Math.round(area.left + c * cellWidth);
      return columnProfile(frame, area, from, Math.round(from + cellWidth), 8).join(",");
    });
    expect(new Set(cells).size).toBe(4);
    // The same text drawn by FreeType (ffmpeg's drawtext) from the same font file at the same em.
    const reference: Frame = {
      width: 640,
      height: 360,
      rgb: execFileSync(
        "ffmpeg",
        [
          ...["-v", "error", "-f", "lavfi", "-i", "color=c=0x336699:s=640x360:d=1", "-vf"],
          `drawtext=fontfile=${findCjkFont().regular}:text=你好世界:fontsize=${Math.round(0.12 * 360)}:fontcolor=white:x=(w-tw)/2:y=(h-th)/2`,
          ...["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        ],
        { maxBuffer: 16 << 20 },
      ),
    };
    const drawn = ink(reference, WHITE);
    // Same width within a few pixels, and the same distribution of strokes across it.
    expect(Math.abs(drawn.right - drawn.left - (area.right - area.left))).toBeLessThan(8);
    const a = columnProfile(frame, area, area.left, area.right + 1, 32);
    const b = columnProfile(reference, drawn, drawn.left, drawn.right + 1, 32);
    expect(correlation(a, b)).toBeGreaterThan(0.8);
  }, 60_000);

  it("vertical crop: a 9:16 picture with the text inside the vertical safe area", async () => {
    const cue: Cue = { index: 1, start: 0, end: 3000, text: "A LONGER LINE THAT HAS TO WRAP" };
    const style = captionStyle("standard", { sizePercent: 8 });
    const { output, width, height } = await burn("vertical", [cue], "standard", {
      crop: "9:16",
      style,
    });
    expect([width, height]).toEqual([202, 360]);
    const on = ink(frameAt(output, 1.0, width, height), WHITE);
    expect(on.count).toBeGreaterThan(100);
    expect(on.bottom).toBeLessThan(height - Math.round(height * 0.22));
    expect(on.left).toBeGreaterThanOrEqual(Math.round(width * 0.08));
    expect(on.right).toBeLessThan(width - Math.round(width * 0.12));
  }, 60_000);

  it("draws an audio-only transcription over a waveform picture, the AAC copied", async () => {
    const output = at("audio.mp4");
    const result = await burnCaptions({
      input: AUDIO,
      output,
      cues: [{ ...HELLO, start: 0, end: 1500 }],
      language: null,
      title: "tone",
      style: captionStyle("broadcast-box"),
      crop: "source",
    });
    expect(result).toMatchObject({ width: 1280, height: 720, audioCopied: true });
    const streams = execFileSync(
      "ffprobe",
      ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", output],
      { encoding: "utf8" },
    );
    expect(streams.trim().split("\n").sort()).toEqual(["aac", "h264"]);
    expect(ink(frameAt(output, 1.0, 1280, 720), WHITE).count).toBeGreaterThan(200);
  }, 60_000);

  it("cancels: ffmpeg stops, nothing is left", async () => {
    const controller = new AbortController();
    const output = at("cancelled.mp4");
    const run = burnCaptions(
      {
        input: VIDEO,
        output,
        cues: [HELLO],
        language: null,
        title: "x",
        style: captionStyle("standard"),
        crop: "source",
      },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    controller.abort();
    await expect(run).rejects.toMatchObject({ code: "CANCELLED" });
    expect(existsSync(output)).toBe(false);
  }, 60_000);
});

describe("verbatim burn", () => {
  it("burns an SRT with a named style into OUT.mp4; an unknown style is a usage error", () => {
    writeFileSync(at("hello.srt"), "1\n00:00:00,500 --> 00:00:01,500\nHELLO WORLD\n");
    const out = at("cli.mp4");
    const run = runCli(["burn", VIDEO, at("hello.srt"), "--style", "broadcast-box", "-o", out]);
    expect(run.status, run.stderr).toBe(0);
    expect(ink(frameAt(out, 1.0, 640, 360), WHITE).count).toBeGreaterThan(100);
    const bad = runCli(["burn", VIDEO, at("hello.srt"), "--style", "comic", "-o", out]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--style must be one of: standard, broadcast-box/);
  }, 60_000);
});
