import { describe, expect, it } from "vitest";
import { readingWarnings } from "../../src/features/editor/cue-checks";

// The editor warns by the same preset numbers the cue builder used for the transcription.

const cue = (text: string, start = "00:00:01,000", end = "00:00:02,500") => ({
  key: 1,
  start,
  end,
  text,
});

describe("readingWarnings", () => {
  it("checks Chinese reading speed by the transcription's preset", () => {
    const chinese = cue("我需要知道發生了什麼事情"); // 12 characters in 1.5 s: 8 a second
    expect(readingWarnings(chinese, "zh", "standard")).toEqual([]);
    expect(readingWarnings(chinese, "zh", "netflix")).toEqual([]);
    const faster = cue("我需要知道發生了什麼事情", "00:00:01,000", "00:00:02,000"); // 12 a second
    expect(readingWarnings(faster, "zh", "standard")).toEqual([]);
    expect(readingWarnings(faster, "zh", "netflix")).toEqual(["TOO_FAST"]);
  });

  it("uses the CJK line length for Chinese text in any language, and the standard preset by default", () => {
    const long = cue("這一行字幕有十七個中文字所以太長了");
    expect(readingWarnings(long, "en")).toContain("LINE_TOO_LONG");
    expect(readingWarnings(cue("A short English line."), null)).toEqual([]);
  });

  it("says nothing while a time cannot be read", () => {
    expect(readingWarnings(cue("x".repeat(200), "00:00:0", "00:00:01,000"), "en")).toEqual([]);
  });
});
