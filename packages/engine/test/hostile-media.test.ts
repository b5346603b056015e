import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isEngineError, type EngineError } from "../src/errors.js";
import { ALLOWED_DEMUXERS } from "../src/media/allowed-formats.js";
import { decodePcm, SAMPLE_RATE } from "../src/media/decode.js";
import { probeMedia } from "../src/media/probe.js";
import { CONTAINERS, ffmpeg, JFK_MP3, makeContainer, scratchDir } from "./helpers/media-files.js";

// The engine's own defences, below the server: what ffmpeg may open, and how much it may decode.

const scratch = scratchDir("verbatim-hostile-media-");
afterAll(() => scratch.cleanup());

async function failureOf(run: () => Promise<unknown>): Promise<EngineError> {
  const error = await run().then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isEngineError(error)) throw new Error(`expected an engine error, got ${String(error)}`);
  return error;
}

async function drain(path: string, maxMs?: number): Promise<number> {
  let samples = 0;
  for await (const block of decodePcm(path, undefined, { maxMs })) samples += block.length;
  return samples;
}

describe("what ffmpeg may open", () => {
  it("keeps every container the product promises on the allow-list", async () => {
    for (const [name, args] of CONTAINERS) {
      const info = await probeMedia(makeContainer(scratch.dir, name, [...args]));
      const aliases = info.container.split(",");
      expect(aliases.some((alias) => (ALLOWED_DEMUXERS as readonly string[]).includes(alias))).toBe(
        true,
      );
    }
  });

  it.each([
    ["an HLS playlist", `#EXTM3U\n#EXTINF:11,\nfile://${JFK_MP3}\n#EXT-X-ENDLIST\n`],
    ["a concat list", `ffconcat version 1.0\nfile '${JFK_MP3}'\n`],
  ])("refuses %s before it opens what it names, in probe and in decode", async (_name, text) => {
    const path = join(scratch.dir, "playlist.mp3");
    writeFileSync(path, text);
    expect((await failureOf(() => probeMedia(path))).code).toBe("INPUT_NOT_MEDIA");
    expect((await failureOf(() => drain(path))).code).toBe("INPUT_CORRUPT");
  });
});

describe("how much may be decoded", () => {
  const thirty = join(scratch.dir, "thirty.flac");
  ffmpeg("-stream_loop", "-1", "-i", JFK_MP3, "-t", "30", "-ar", "16000", "-ac", "1", thirty);

  it("passes on nothing past the limit and reports the real length", async () => {
    let passed = 0;
    const error = await failureOf(async () => {
      for await (const block of decodePcm(thirty, undefined, { maxMs: 5_000 })) {
        passed += block.length;
      }
    });
    expect(error.code).toBe("INPUT_LONGER_THAN_DECLARED");
    expect(passed).toBe(5 * SAMPLE_RATE);
    expect(error.details?.durationMs).toBeGreaterThan(29_500);
    expect(error.details?.durationMs).toBeLessThan(30_500);
    expect(error.message).toMatch(/holds 30 seconds of audio, more than the 5 seconds/);
  });

  it("decodes a file within its limit whole", async () => {
    expect(await drain(thirty, 31_000)).toBeGreaterThan(29.5 * SAMPLE_RATE);
  });

  it("reserves a FLAC whose header claims one second for its real length", async () => {
    const bytes = readFileSync(thirty);
    const at = 8 + 10; // STREAMINFO's last 8 bytes end with the 36-bit total-samples field
    const mask = (1n << 36n) - 1n;
    bytes.writeBigUInt64BE((bytes.readBigUInt64BE(at) & ~mask) | 16_000n, at);
    const lying = join(scratch.dir, "lying.flac");
    writeFileSync(lying, bytes);
    const info = await probeMedia(lying);
    expect(info.declaredDurationMs).toBe(1_000);
    expect(info.durationMs).toBeGreaterThan(29_000);
  });
});
