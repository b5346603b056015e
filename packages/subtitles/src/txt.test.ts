import { describe, expect, it } from "vitest";
import type { Cue } from "./cue.js";
import { cuesFromPlainText, writeTxt } from "./txt.js";

const previous: Cue[] = [
  {
    index: 1,
    start: 1000,
    end: 2000,
    text: "One",
    words: [{ text: " One", start: 1000, end: 2000 }],
  },
  { index: 2, start: 3000, end: 4000, text: "Two" },
];

describe("writeTxt", () => {
  it("joins cue texts with a blank line and no timings", () => {
    expect(writeTxt(previous)).toBe("One\n\nTwo");
    expect(writeTxt([])).toBe("");
  });
});

describe("cuesFromPlainText", () => {
  it("reuses timings by position and defaults to 0–5000 ms beyond them", () => {
    expect(cuesFromPlainText("One\n\nTwo, edited\n\nThree\nlines", previous)).toEqual([
      previous[0],
      { index: 2, start: 3000, end: 4000, text: "Two, edited" },
      { index: 3, start: 0, end: 5000, text: "Three\nlines" },
    ]);
  });

  it("drops words when the text changed", () => {
    expect(cuesFromPlainText("Uno", previous)[0]).toEqual({
      index: 1,
      start: 1000,
      end: 2000,
      text: "Uno",
    });
  });

  it("tolerates CRLF, extra and whitespace-only blank lines", () => {
    const cues = cuesFromPlainText("\r\n\r\nOne \r\n  \r\n\r\n Two\r\n", previous);
    expect(cues.map((cue) => cue.text)).toEqual(["One", "Two"]);
  });

  it("round-trips writeTxt", () => {
    expect(cuesFromPlainText(writeTxt(previous), previous)).toEqual(previous);
  });

  it("gives no cues for blank text", () => {
    expect(cuesFromPlainText(" \n\n ", previous)).toEqual([]);
  });
});
