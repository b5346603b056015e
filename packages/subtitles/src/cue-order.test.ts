import { describe, expect, it } from "vitest";
import { sortCues } from "./cue-order.js";

describe("sortCues", () => {
  it("sorts by start then end, stably, and renumbers", () => {
    const sorted = sortCues([
      { index: 1, start: 500, end: 900, text: "c" },
      { index: 2, start: 0, end: 800, text: "b" },
      { index: 3, start: 0, end: 400, text: "a" },
      { index: 4, start: 500, end: 900, text: "d" },
    ]);
    expect(sorted.map((cue) => [cue.index, cue.text])).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
      [4, "d"],
    ]);
  });

  it("does not change the input", () => {
    const input = [
      { index: 1, start: 5, end: 6, text: "x" },
      { index: 2, start: 1, end: 2, text: "y" },
    ];
    sortCues(input);
    expect(input[0]?.text).toBe("x");
  });
});
