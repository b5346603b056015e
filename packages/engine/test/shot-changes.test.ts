import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectShotChanges } from "../src/media/shot-changes.js";
import { ffmpeg, scratchDir } from "./helpers/media-files.js";

// Shot changes found in a video made here with hard cuts at known frames: 25 fps, a moving test
// pattern for 50 frames, colour bars for 40, a zooming fractal for 35. The cuts are frames 50
// (2.000 s) and 90 (3.600 s); each must be found within one frame (40 ms), and nothing else.

const scratch = scratchDir("verbatim-shots-");
afterAll(() => scratch.cleanup());

describe("shot change detection", () => {
  it("finds each hard cut within one frame, and nothing else", async () => {
    const video = join(scratch.dir, "cuts.mp4");
    ffmpeg(
      ...["-f", "lavfi", "-i", "testsrc2=s=320x180:r=25:d=2"],
      ...["-f", "lavfi", "-i", "smptebars=s=320x180:r=25:d=1.6"],
      ...["-f", "lavfi", "-i", "mandelbrot=s=320x180:r=25,trim=duration=1.4"],
      ...["-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]", "-map", "[v]"],
      ...["-c:v", "libx264", "-pix_fmt", "yuv420p", video],
    );
    const found = await detectShotChanges(video);
    expect(found).toHaveLength(2);
    expect(Math.abs(found[0]! - 2000)).toBeLessThanOrEqual(40);
    expect(Math.abs(found[1]! - 3600)).toBeLessThanOrEqual(40);
  });

  it("refuses a file that is not a video with the decoder's error", async () => {
    const text = join(scratch.dir, "not-video.mp4");
    ffmpeg("-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "0.5", text);
    await expect(detectShotChanges(text)).rejects.toMatchObject({ code: "DECODER_FAILED" });
  });
});
