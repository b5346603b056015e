import { describe, expect, it } from "vitest";
import { charactersPerSecond, DEFAULT_READING_LIMITS, readingIssues } from "./reading-limits.js";

describe("charactersPerSecond", () => {
  it("counts the text as one line over the seconds on screen", () => {
    expect(charactersPerSecond({ start: 0, end: 2000, text: "Hello\nworld" })).toBe(5.5);
    expect(charactersPerSecond({ start: 0, end: 1000, text: "你好\n世界" })).toBe(4);
  });

  it("is infinite for a cue with text and no time", () => {
    expect(charactersPerSecond({ start: 5, end: 5, text: "a" })).toBe(Infinity);
    expect(charactersPerSecond({ start: 5, end: 5, text: "" })).toBe(0);
  });
});

describe("readingIssues", () => {
  const limits = DEFAULT_READING_LIMITS;

  it("finds nothing for a comfortable cue", () => {
    expect(readingIssues({ index: 1, start: 0, end: 2000, text: "Hello there" }, limits)).toEqual(
      [],
    );
  });

  it("reports long lines, too many lines, speed and duration", () => {
    const long = "x".repeat(43);
    const issues = readingIssues({ index: 3, start: 0, end: 500, text: `${long}\nb\nc` }, limits);
    expect(issues.map((issue) => [issue.code, issue.line])).toEqual([
      ["LINE_TOO_LONG", 1],
      ["TOO_MANY_LINES", undefined],
      ["TOO_FAST", undefined],
      ["TOO_SHORT", undefined],
    ]);
    expect(issues.every((issue) => issue.index === 3)).toBe(true);
    expect(
      readingIssues({ index: 1, start: 0, end: 8000, text: "a" }, limits).map((i) => i.code),
    ).toEqual(["TOO_LONG"]);
  });
});
