import {
  copyFileSync,
  readFileSync,
  renameSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePcm, SAMPLE_RATE } from "../src/media/decode.js";
import { probeMedia } from "../src/media/probe.js";
import { probedMediaOf, probeWithIdentity } from "../src/media/probed-media.js";
import {
  CONTAINERS,
  JFK_MP3,
  makeContainer,
  scratchDir,
  writeBadInputs,
} from "./helpers/media-files.js";

const scratch = scratchDir();
afterAll(() => scratch.cleanup());

async function decodedSamples(path: string): Promise<number> {
  let total = 0;
  for await (const block of decodePcm(path)) total += block.length;
  return total;
}

describe("probeMedia and decodePcm", () => {
  // One probe per job: the intake's answer is used while the file is the one it read.
  it("uses a probe handed on only while the file is unchanged", async () => {
    const path = join(scratch.dir, "handed-on.mp3");
    copyFileSync(JFK_MP3, path);
    const probed = await probeWithIdentity(path);
    // A marked answer: returned as it is only when no new probe ran.
    const marked = { ...probed, media: { ...probed.media, durationMs: 1 } };
    expect((await probedMediaOf(path, marked)).durationMs).toBe(1);

    const { atime, mtime } = statSync(path);
    utimesSync(path, atime, new Date(mtime.getTime() + 1000)); // written since
    expect((await probedMediaOf(path, marked)).durationMs).toBe(probed.media.durationMs);

    const other = join(scratch.dir, "replacement.mp3");
    copyFileSync(JFK_MP3, other);
    utimesSync(other, atime, mtime); // same size and time, another file (inode)
    renameSync(other, path);
    expect((await probedMediaOf(path, marked)).durationMs).toBe(probed.media.durationMs);
    expect(probed.media.durationMs).toBeGreaterThan(10_000);
  });

  it.each(CONTAINERS)("reads %s", async (name, args) => {
    const path = makeContainer(scratch.dir, name, [...args]);
    const info = await probeMedia(path);
    expect(info.durationMs).toBeGreaterThan(10_500);
    expect(info.durationMs).toBeLessThan(11_600);
    expect(info.hasVideo).toBe(name.endsWith(".mp4"));
    expect(info.videoFrameRate).toBe(name.endsWith(".mp4") ? 5 : null);
    const seconds = (await decodedSamples(path)) / SAMPLE_RATE;
    expect(seconds).toBeGreaterThan(10.5);
    expect(seconds).toBeLessThan(11.6);
  });

  it("reads a video's frame rate as ffprobe gives it (30000/1001 for NTSC)", async () => {
    const path = makeContainer(scratch.dir, "ntsc.mp4", [
      ...["-f", "lavfi", "-i", "color=c=black:s=64x48:r=30000/1001:d=1"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=1"],
      ...["-c:v", "libx264", "-c:a", "aac", "-shortest"],
    ]);
    const info = await probeMedia(path);
    expect(info.videoFrameRate).toBeCloseTo(30000 / 1001, 3);
  });

  it("decodes to 16 kHz mono floats in range", async () => {
    let peak = 0;
    for await (const block of decodePcm(JFK_MP3)) {
      for (const sample of block) peak = Math.max(peak, Math.abs(sample));
    }
    expect(peak).toBeGreaterThan(0.1);
    expect(peak).toBeLessThanOrEqual(1.01);
  });

  it("reads names with colons, leading dashes and protocol prefixes only as local files", async () => {
    for (const name of ["a:b.mp3", "-dash.mp3", "concat:x.mp3"]) {
      const path = join(scratch.dir, name);
      copyFileSync(JFK_MP3, path);
      expect((await probeMedia(path)).durationMs).toBeGreaterThan(10_500);
      expect(await decodedSamples(path)).toBeGreaterThan(10 * SAMPLE_RATE);
    }
  });

  describe("bad inputs", () => {
    let paths: Record<string, string>;
    beforeAll(() => {
      const at = (name: string) => join(scratch.dir, name);
      const bad = writeBadInputs(scratch.dir);
      makeContainer(scratch.dir, "garbled.mp4", [
        ...CONTAINERS.find(([n]) => n === "speech.mp4")![1],
      ]);
      const garbled = readFileSync(at("garbled.mp4"));
      garbled.fill(0x5a, 0, 64); // overwrite the ftyp box and the start of the next
      writeFileSync(at("garbled.mp4"), garbled);
      writeFileSync(at("cover.png"), Buffer.from("89504e470d0a1a0a", "hex"));
      paths = {
        empty: bad.empty,
        text: bad.text,
        noAudio: bad.noAudio,
        garbled: at("garbled.mp4"),
        image: at("cover.png"),
        missing: at("nope.mp3"),
      };
    });

    it.each([
      ["empty", "INPUT_EMPTY"],
      ["text", "INPUT_NOT_MEDIA"],
      ["noAudio", "INPUT_NO_AUDIO"],
      ["garbled", "INPUT_NOT_MEDIA"],
      ["image", "INPUT_NOT_MEDIA"],
      ["missing", "INPUT_NOT_FOUND"],
    ])("rejects %s with %s", async (key, code) => {
      await expect(probeMedia(paths[key]!)).rejects.toMatchObject({ name: "EngineError", code });
    });
  });
});
