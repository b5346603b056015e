import { describe, expect, it } from "vitest";
import { TimeMap } from "./time-map.js";

describe("TimeMap", () => {
  // Two speech pieces: source 1.0–2.0 s and 5.0–6.0 s, concatenated into a 2 s chunk.
  const map = new TimeMap(
    [
      { chunkStart: 0, sourceStart: 16_000, length: 16_000 },
      { chunkStart: 16_000, sourceStart: 80_000, length: 16_000 },
    ],
    16_000,
  );

  it("maps chunk times into the source", () => {
    expect(map.toSourceMs(0)).toBe(1000);
    expect(map.toSourceMs(500)).toBe(1500);
    expect(map.toSourceMs(1000)).toBe(5000);
    expect(map.toSourceMs(1250)).toBe(5250);
  });

  it("clips a span's end to the piece its start lies in (no word across cut silence)", () => {
    // A word from 0.9 s to 1.3 s of the chunk: it starts in the first piece (source 1.0–2.0 s)
    // and its end would map into the second (5.3 s); it ends where its piece ends.
    expect(map.spanToSourceMs(900, 1300)).toEqual({ start: 1900, end: 2000 });
    expect(map.spanToSourceMs(1100, 1200)).toEqual({ start: 5100, end: 5200 });
    expect(map.spanToSourceMs(500, 400)).toEqual({ start: 1500, end: 1500 });
  });

  it("clamps times past the end to the end of the last piece", () => {
    expect(map.toSourceMs(9000)).toBe(6000);
  });
});
