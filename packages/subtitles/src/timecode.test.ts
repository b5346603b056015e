import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatTimecode, isStrictTimecode, parseTimecode } from "./timecode.js";

describe("formatTimecode", () => {
  it("formats hours, minutes, seconds and milliseconds", () => {
    expect(formatTimecode(0)).toBe("00:00:00,000");
    expect(formatTimecode(3_723_004)).toBe("01:02:03,004");
    expect(formatTimecode(61_500, ".")).toBe("00:01:01.500");
  });

  it("lets hours grow past 99", () => {
    expect(formatTimecode(100 * 3_600_000 + 1)).toBe("100:00:00,001");
  });

  it("clamps negatives to zero and rounds to whole milliseconds", () => {
    expect(formatTimecode(-20)).toBe("00:00:00,000");
    expect(formatTimecode(1999.6)).toBe("00:00:02,000");
    expect(formatTimecode(Number.NaN)).toBe("00:00:00,000");
  });
});

describe("parseTimecode", () => {
  it("reads comma and dot separators", () => {
    expect(parseTimecode("01:02:03,004")).toBe(3_723_004);
    expect(parseTimecode("01:02:03.004")).toBe(3_723_004);
  });

  it("reads VTT times without hours and surrounding spaces", () => {
    expect(parseTimecode("02:03.250")).toBe(123_250);
    expect(parseTimecode("  00:00:01,000 ")).toBe(1000);
  });

  it("reads 1–3 digit fractions as fractions of a second", () => {
    expect(parseTimecode("00:00:01.5")).toBe(1500);
    expect(parseTimecode("00:00:01,05")).toBe(1050);
    expect(parseTimecode("00:00:01.005")).toBe(1005);
    expect(parseTimecode("00:00:07")).toBe(7000);
  });

  it("reads hours past 99", () => {
    expect(parseTimecode("123:00:00,000")).toBe(123 * 3_600_000);
  });

  it("returns null for text that is not a timecode", () => {
    for (const bad of [
      "",
      "abc",
      "00:00:60,000",
      "00:61:00,000",
      "1:2",
      "00:00:01,0000",
      "-00:00:01,000",
    ]) {
      expect(parseTimecode(bad)).toBeNull();
    }
  });

  it("round-trips every formatted time", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 * 3_600_000 }),
        fc.constantFrom(",", "."),
        (ms, sep) => {
          expect(parseTimecode(formatTimecode(ms, sep as "," | "."))).toBe(ms);
        },
      ),
    );
  });
});

describe("isStrictTimecode", () => {
  it("accepts only hh:mm:ss,mmm", () => {
    expect(isStrictTimecode("00:01:02,003")).toBe(true);
    expect(isStrictTimecode("99:59:59,999")).toBe(true);
    for (const bad of [
      "0:01:02,003",
      "00:01:02.003",
      "00:60:00,000",
      "00:00:60,000",
      "00:00:01,00",
      "100:00:00,000",
      " 00:00:01,000",
    ]) {
      expect(isStrictTimecode(bad)).toBe(false);
    }
  });
});
