import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cue } from "./cue.js";
import { readSrt, writeSrt } from "./srt.js";
import { readVtt, writeVtt } from "./vtt.js";

const line = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 24 })
  .filter(
    (text) => text.trim() === text && text !== "" && !/[\r\n]/.test(text) && !text.includes("-->"),
  );

const cue = fc.record({
  start: fc.integer({ min: 0, max: 200 * 3_600_000 }),
  end: fc.integer({ min: 0, max: 200 * 3_600_000 }),
  text: fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n")),
});

const cues = fc
  .array(cue, { maxLength: 8 })
  .map((items): Cue[] => items.map((item, i) => ({ index: i + 1, ...item })));

describe("round trips", () => {
  it("writeSrt then readSrt gives the cues back", () => {
    fc.assert(
      fc.property(cues, (input) => {
        expect(readSrt(writeSrt(input))).toEqual(input);
      }),
      { numRuns: 300 },
    );
  });

  it("writeVtt then readVtt gives the cues back", () => {
    fc.assert(
      fc.property(cues, (input) => {
        expect(readVtt(writeVtt(input))).toEqual(input);
      }),
      { numRuns: 300 },
    );
  });
});
