import { describe, expect, it } from "vitest";
import { validateCues } from "./cue-validation.js";

describe("validateCues", () => {
  it("finds nothing wrong with good cues", () => {
    expect(
      validateCues([
        { index: 1, start: 0, end: 1000, text: "a" },
        { index: 2, start: 1000, end: 2000, text: "b" },
      ]),
    ).toEqual([]);
  });

  it("reports each kind of problem with the cue's index", () => {
    const issues = validateCues([
      { index: 1, start: 0, end: 2000, text: "a" },
      { index: 2, start: 1500, end: 3000, text: "b" },
      { index: 3, start: 4000, end: 3500, text: "c" },
      { index: 4, start: -10, end: 5000, text: " " },
    ]);
    expect(issues.map((issue) => [issue.index, issue.code])).toEqual([
      [3, "END_BEFORE_START"],
      [4, "NEGATIVE_TIME"],
      [4, "EMPTY_TEXT"],
      [1, "OVERLAP"],
      [2, "OVERLAP"],
      [3, "OVERLAP"],
    ]);
    expect(issues.every((issue) => issue.message.length > 0)).toBe(true);
  });

  it("treats a zero-length cue as ending before it starts", () => {
    expect(
      validateCues([{ index: 1, start: 100, end: 100, text: "a" }]).map((i) => i.code),
    ).toEqual(["END_BEFORE_START"]);
  });
});
