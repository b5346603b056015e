import { describe, expect, it } from "vitest";
import {
  editPlainText,
  escapeCueText,
  keypadAlignment,
  placementOfKeypad,
  plainCueText,
  replacePlainRanges,
  restyleText,
  sliceStyled,
  styledRuns,
  toggleStyle,
  writeRuns,
} from "./cue-styling.js";

describe("cue styling markup", () => {
  it("reads nested and overlapping tags as runs", () => {
    expect(styledRuns("a <i>b <b>c</b></i> d")).toEqual([
      { text: "a ", italic: false, bold: false, underline: false },
      { text: "b ", italic: true, bold: false, underline: false },
      { text: "c", italic: true, bold: true, underline: false },
      { text: " d", italic: false, bold: false, underline: false },
    ]);
    expect(plainCueText("<I>Off</I> &lt;i> &amp;lt; a < b & c")).toBe("Off <i> &lt; a < b & c");
  });

  it("writes runs properly nested and reads them back", () => {
    const markup = "<i>a<b>b</b></i><b>c</b>";
    expect(writeRuns(styledRuns(markup))).toBe(markup);
  });

  it("escapes typed tags and entities so they stay text", () => {
    const typed = "<i>x</i> &lt; <font>";
    expect(escapeCueText(typed)).toBe("&lt;i>x&lt;/i> &amp;lt; <font>");
    expect(plainCueText(escapeCueText(typed))).toBe(typed);
    expect(styledRuns(escapeCueText(typed)).every((run) => !run.italic)).toBe(true);
  });

  it("toggles a style on a span, on the whole cue, and off again", () => {
    expect(toggleStyle("Hello world", "italic", 6, 11)).toBe("Hello <i>world</i>");
    expect(toggleStyle("Hello <i>world</i>", "italic")).toBe("<i>Hello world</i>");
    expect(toggleStyle("<i>Hello world</i>", "italic")).toBe("Hello world");
    expect(toggleStyle("<i>Hello world</i>", "italic", 0, 5)).toBe("Hello<i> world</i>");
  });

  it("keeps styles through a plain-text edit, typed text taking its neighbour's", () => {
    expect(editPlainText("<i>Hello</i> world", "Hellooo world")).toBe("<i>Hellooo</i> world");
    expect(editPlainText("<i>Hello</i> world", "Hello big world")).toBe("<i>Hello</i> big world");
    expect(editPlainText("a <b>b</b>", "a <i>b")).toBe("a &lt;i><b>b</b>");
    expect(editPlainText("<u>x</u>", "")).toBe("");
  });

  it("slices a styled text at plain offsets, trimmed, styles kept", () => {
    expect(sliceStyled("<i>Hello big</i> world", 0, 6)).toBe("<i>Hello</i>");
    expect(sliceStyled("<i>Hello big</i> world", 6)).toBe("<i>big</i> world");
  });

  it("numbers places as the keypad does", () => {
    expect(keypadAlignment()).toBe(2);
    expect(keypadAlignment("top")).toBe(8);
    expect(keypadAlignment("top", "left")).toBe(7);
    expect(keypadAlignment("bottom", "right")).toBe(3);
    expect(placementOfKeypad(9)).toEqual({ position: "top", align: "right" });
    expect(placementOfKeypad(5)).toEqual({ position: "bottom", align: "center" });
    expect(placementOfKeypad(0)).toBeNull();
  });
});

describe("styles carried onto re-spaced text (stylesOver, restyleText)", () => {
  it("keeps each word's style when the lines are broken again", () => {
    const markup = "We met <i>the captain of</i> the <b>ship</b> today";
    expect(restyleText(markup, "We met the captain\nof the ship today")).toBe(
      "We met <i>the captain\nof</i> the <b>ship</b> today",
    );
    // White space takes the styles on both sides: no underline into the gap after a word.
    expect(restyleText("<u>one</u> two", "one\ntwo")).toBe("<u>one</u>\ntwo");
  });

  it("falls back to the plain-text edit when more than white space changed", () => {
    expect(restyleText("<i>the the</i> cat", "the cat")).toBe(
      editPlainText("<i>the the</i> cat", "the cat"),
    );
  });
});

describe("replacing stretches of the shown text (replacePlainRanges)", () => {
  it("gives the replacement the replaced text's styles and keeps the rest", () => {
    const markup = "<i>one</i> two <b>one</b>";
    expect(
      replacePlainRanges(
        markup,
        [
          [0, 3],
          [8, 11],
        ],
        "1",
      ),
    ).toBe("<i>1</i> two <b>1</b>");
    expect(replacePlainRanges(markup, [[4, 7]], "<u>")).toBe("<i>one</i> &lt;u> <b>one</b>");
    expect(replacePlainRanges(markup, [], "x")).toBe(markup);
  });
});
