import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cue } from "./cue.js";
import {
  escapeCueText,
  placementFields,
  writeRuns,
  type CueAlign,
  type CuePosition,
} from "./cue-styling.js";
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

/** Text that tests the escapes: brackets, ampersands, a backslash, letters of tags and entities. */
const markupLine = fc
  .array(
    fc.record({
      text: fc.string({ unit: fc.constantFrom(..."ab<>&{}\\/iultg;"), minLength: 1, maxLength: 6 }),
      italic: fc.boolean(),
      bold: fc.boolean(),
      underline: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((runs) => writeRuns(runs));

const styledCues = fc
  .array(
    fc.record({
      start: fc.integer({ min: 0, max: 3_600_000 }),
      end: fc.integer({ min: 0, max: 3_600_000 }),
      text: fc.array(markupLine, { minLength: 1, maxLength: 2 }).map((lines) => lines.join("\n")),
      position: fc.constantFrom<CuePosition | undefined>(undefined, "top"),
      align: fc.constantFrom<CueAlign | undefined>(undefined, "left", "right"),
    }),
    { maxLength: 6 },
  )
  .map((items): Cue[] =>
    items.map(({ position, align, ...item }, i) => ({
      index: i + 1,
      ...item,
      ...placementFields(position, align),
    })),
  );

describe("styled round trips", () => {
  it("SubRip keeps styles, places and literal brackets", () => {
    fc.assert(
      fc.property(styledCues, (input) => {
        expect(readSrt(writeSrt(input))).toEqual(input);
      }),
      { numRuns: 300 },
    );
  });

  it("WebVTT keeps styles, places and literal brackets", () => {
    fc.assert(
      fc.property(styledCues, (input) => {
        expect(readVtt(writeVtt(input))).toEqual(input);
      }),
      { numRuns: 300 },
    );
  });

  it("a typed <i> is written as text, not as a tag", () => {
    const typed = escapeCueText("<i>not italic</i> {\\an8}");
    const cue: Cue = { index: 1, start: 0, end: 1000, text: typed };
    expect(writeSrt([cue])).not.toMatch(/<i>|\{\\an8\}/u);
    expect(writeVtt([cue])).toContain("&lt;i&gt;not italic&lt;/i&gt;");
    expect(readSrt(writeSrt([cue]))[0]?.text).toBe(typed);
  });
});
