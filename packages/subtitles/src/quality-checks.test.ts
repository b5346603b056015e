import { describe, expect, it } from "vitest";
import type { Cue } from "./cue.js";
import { applyFixes, checkCues, type CheckOptions } from "./quality-checks.js";

const options: CheckOptions = { style: "standard", language: "en", durationMs: 60_000, gapMs: 80 };
const cue = (index: number, start: number, end: number, text: string): Cue => ({
  index,
  start,
  end,
  text,
});
const kinds = (cues: Cue[], more: Partial<CheckOptions> = {}) =>
  checkCues(cues, { ...options, ...more }).map((issue) => [issue.cue, issue.kind]);

describe("quality checks", () => {
  it.each([
    ["a clean cue", [cue(1, 0, 2000, "Hello there.")], []],
    ["an empty cue", [cue(1, 0, 2000, " ")], [[1, "empty"]]],
    [
      "an overlap, on both cues",
      [cue(1, 0, 2000, "One two."), cue(2, 1500, 4000, "Three four.")],
      [
        [1, "overlap"],
        [2, "overlap"],
      ],
    ],
    [
      "a gap under 2 frames",
      [cue(1, 0, 2000, "One two."), cue(2, 2040, 4000, "Three four.")],
      [
        [1, "gap_too_short"],
        [2, "gap_too_short"],
      ],
    ],
    ["a cue past the media's end", [cue(1, 59_000, 61_000, "The end.")], [[1, "past_media_end"]]],
    ["too short", [cue(1, 0, 400, "Hi.")], [[1, "too_short"]]],
    ["too long", [cue(1, 0, 9000, "A long time.")], [[1, "too_long"]]],
    [
      "too fast to read",
      [cue(1, 0, 1000, "Far too many words for one second.")],
      [[1, "reading_speed"]],
    ],
    [
      "a line over 42 characters",
      [cue(1, 0, 6000, "This line is far longer than forty-two characters.")],
      [[1, "line_too_long"]],
    ],
    ["three lines", [cue(1, 0, 6000, "One\nTwo\nThree")], [[1, "too_many_lines"]]],
    [
      "two lines that fit on one",
      [cue(1, 0, 3000, "Short one\nshort two.")],
      [[1, "unbalanced_lines"]],
    ],
    [
      "a line much shorter than the other",
      [cue(1, 0, 5000, "Well, yes,\nwe should all go there tomorrow morning.")],
      [[1, "unbalanced_lines"]],
    ],
    [
      "a line ending on a conjunction",
      [cue(1, 0, 5000, "We went to the market on Sunday and\nbought apples for the whole family.")],
      [[1, "line_ends_with_conjunction"]],
    ],
    ["a doubled word", [cue(1, 0, 3000, "I saw the the dog.")], [[1, "doubled_word"]]],
  ] as const)("finds %s", (_, cues, expected) => {
    expect(kinds([...cues])).toEqual(expected);
  });

  it("says what to change, and fixes what can be fixed", () => {
    const cues = [
      cue(1, 0, 2000, "I saw the the dog."),
      cue(2, 2000, 2300, "Hi."),
      cue(3, 9000, 20_000, "Too long."),
      cue(4, 59_000, 61_000, "The end."),
    ];
    const issues = checkCues(cues, options);
    expect(issues.find((i) => i.kind === "doubled_word")?.fix).toEqual({
      text: "I saw the dog.",
    });
    // The first cue ends 2 frames before the second starts; the second stays to be read.
    expect(issues.filter((i) => i.cue === 1 && i.kind === "gap_too_short")[0]?.fix).toEqual({
      end: 1920,
    });
    expect(issues.find((i) => i.kind === "too_short")?.fix).toEqual({ end: 3000 });
    expect(issues.find((i) => i.kind === "too_long")?.fix).toEqual({ end: 16_000 });
    expect(issues.find((i) => i.kind === "past_media_end")?.fix).toEqual({ end: 60_000 });
    const { cues: fixed } = applyFixes(cues, issues);
    expect(fixed.map((c) => [c.start, c.end, c.text])).toEqual([
      [0, 1920, "I saw the dog."],
      [2000, 3000, "Hi."],
      [9000, 16_000, "Too long."],
      [59_000, 60_000, "The end."],
    ]);
    expect(checkCues(fixed, options)).toEqual([]);
  });

  it("asks the spelling function for spaced text only, with its suggestions", () => {
    const spelling = (text: string) =>
      text.includes("recieve") ? [{ word: "recieve", suggestions: ["receive"] }] : [];
    const issues = checkCues([cue(1, 0, 3000, "We recieve it.")], { ...options, spelling });
    expect(issues).toEqual([
      { kind: "spelling", cue: 1, word: "recieve", suggestions: ["receive"] },
    ]);
    expect(checkCues([cue(1, 0, 3000, "我們收到了。")], { ...options, spelling })).toEqual([]);
  });
});

describe("quality checks see the text as shown, not the styles' markup", () => {
  it("measures lines and reading speed without the tags", () => {
    // 33 characters shown on the first line (with the tags 47, over 42); 15 char/s over 4 s.
    const text = "<i>Forty characters of text</i> <b>shown</b> ok";
    expect(text.length).toBeGreaterThan(42);
    expect(kinds([cue(1, 0, 4000, `${text}\nand a good deal more to read`)])).toEqual([]);
    const tooLong = checkCues([cue(1, 0, 4000, `<i>${"a".repeat(43)}</i>`)], options);
    expect(tooLong.map((issue) => [issue.kind, issue.actual])).toEqual([["line_too_long", 43]]);
    // Reading speed counts 20 shown characters in 1 s: 20 char/s, not 27.
    const fast = checkCues([cue(1, 0, 1000, "<i>Twenty characters ok</i>")], options);
    expect(fast.find((issue) => issue.kind === "reading_speed")?.actual).toBe(20);
    // A cue of tags only is empty.
    expect(kinds([cue(1, 0, 2000, "<i> </i>")])).toEqual([[1, "empty"]]);
  });

  it("finds doubled words and spells words across and inside tags", () => {
    const spelled: string[] = [];
    const found = checkCues([cue(1, 0, 3000, "<i>the</i> the <b>cat</b>")], {
      ...options,
      spelling: (text) => {
        spelled.push(text);
        return [];
      },
    });
    expect(found.map((issue) => [issue.kind, issue.word])).toEqual([["doubled_word", "the"]]);
    expect(spelled).toEqual(["the the cat"]);
  });

  it("fixes keep each word's styles: a doubled word taken out, lines broken again", () => {
    const doubled = [cue(1, 0, 3000, "<i>the</i> the <b>cat</b>")];
    expect(applyFixes(doubled, checkCues(doubled, options)).cues[0]?.text).toBe(
      "<i>the</i> <b>cat</b>",
    );
    // Two short lines that fit on one: joined, the italics and bold on the same words.
    const unbalanced = [cue(1, 0, 3000, "<i>I told</i>\nyou <b>so</b>")];
    const issues = checkCues(unbalanced, options);
    expect(issues.map((issue) => issue.kind)).toEqual(["unbalanced_lines"]);
    expect(applyFixes(unbalanced, issues).cues[0]?.text).toBe("<i>I told</i> you <b>so</b>");
  });
});
