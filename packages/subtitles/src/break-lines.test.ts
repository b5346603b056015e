import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { breakLines, fitsLines } from "./break-lines.js";
import { isNoLineStart } from "./line-break-rules.js";
import { displayLength } from "./text-measure.js";

const twoLines = { maxCharsPerLine: 42, maxLines: 2 };

describe("breakLines", () => {
  it("keeps short text on one line", () => {
    expect(breakLines("Hello there", twoLines)).toEqual(["Hello there"]);
    expect(breakLines("  ", twoLines)).toEqual([]);
  });

  it("re-breaks text that already has line breaks", () => {
    expect(breakLines("Hello\nthere", twoLines)).toEqual(["Hello there"]);
  });

  it("balances two lines when no phrase is at stake", () => {
    const lines = breakLines(
      "Seven hungry students quietly devoured twelve enormous pizzas yesterday",
      twoLines,
    );
    expect(lines).toEqual([
      "Seven hungry students quietly devoured",
      "twelve enormous pizzas yesterday",
    ]);
  });

  it("gives up a perfect balance rather than end a line on a preposition", () => {
    const lines = breakLines(
      "The quick brown fox jumps over the lazy dog and runs far away",
      twoLines,
    );
    expect(lines).toEqual(["The quick brown fox jumps", "over the lazy dog and runs far away"]);
  });

  it("prefers a break after punctuation when lengths tie", () => {
    expect(breakLines("aaaa bb, cc dddd", { maxCharsPerLine: 10, maxLines: 2 })).toEqual([
      "aaaa bb,",
      "cc dddd",
    ]);
    expect(breakLines("aaaa bb cc, dddd", { maxCharsPerLine: 10, maxLines: 2 })).toEqual([
      "aaaa bb",
      "cc, dddd",
    ]);
  });

  it("prefers a break before a conjunction when lengths tie", () => {
    expect(breakLines("aaaa bb and cc", { maxCharsPerLine: 10, maxLines: 2 })).toEqual([
      "aaaa bb",
      "and cc",
    ]);
  });

  it("never splits a word, even one longer than a line", () => {
    expect(breakLines("a supercalifragilistic b", { maxCharsPerLine: 5, maxLines: 3 })).toEqual([
      "a",
      "supercalifragilistic",
      "b",
    ]);
  });

  it("returns the best maxLines lines when the text cannot fit", () => {
    const lines = breakLines("one two three four five six seven eight", {
      maxCharsPerLine: 8,
      maxLines: 2,
    });
    expect(lines).toEqual(["one two three four", "five six seven eight"]);
  });

  it("breaks CJK between characters, never before closing punctuation", () => {
    const text = "我们今天讨论一下这个问题，然后明天再继续讨论。";
    const lines = breakLines(text, { maxCharsPerLine: 16, maxLines: 2 });
    expect(lines.join("")).toBe(text);
    expect(lines.every((line) => displayLength(line) <= 16)).toBe(true);
    expect(lines.some((line) => isNoLineStart(line[0] ?? ""))).toBe(false);
    const tight = breakLines("一二三四五六七，八九十一二三四", { maxCharsPerLine: 7, maxLines: 3 });
    expect(tight.some((line) => isNoLineStart(line[0] ?? ""))).toBe(false);
  });

  it("uses the break after CJK punctuation to win a tie", () => {
    expect(breakLines("一二三，四五六七", { maxCharsPerLine: 5, maxLines: 2 })).toEqual([
      "一二三，",
      "四五六七",
    ]);
  });

  it("does not break Korean inside words", () => {
    expect(
      breakLines("안녕하세요 여러분 오늘 반갑습니다", { maxCharsPerLine: 10, maxLines: 2 }),
    ).toEqual(["안녕하세요 여러분", "오늘 반갑습니다"]);
  });
});

const latinWord = fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9',.!?-]{0,11}$/);
const cjkRun = fc.stringMatching(/^[一-龥ぁ-んァ-ン]{1,3}[，。！？、」]?$/);

describe("breakLines properties", () => {
  it("never loses or reorders non-space characters", () => {
    const text = fc
      .array(fc.oneof(latinWord, cjkRun), { minLength: 1, maxLength: 30 })
      .chain((words) =>
        fc
          .array(fc.constantFrom(" ", "  ", "\n", ""), {
            minLength: words.length,
            maxLength: words.length,
          })
          .map((gaps) => words.map((word, i) => word + (gaps[i] ?? "")).join("")),
      );
    const limits = fc.record({
      maxCharsPerLine: fc.integer({ min: 1, max: 50 }),
      maxLines: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(text, limits, (input, limit) => {
        const lines = breakLines(input, limit);
        expect(lines.join("").replace(/\s/g, "")).toBe(input.replace(/\s/g, ""));
        expect(lines.length).toBeLessThanOrEqual(limit.maxLines);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps every line within maxCharsPerLine when every word fits", () => {
    const input = fc.record({
      words: fc.array(latinWord, { minLength: 1, maxLength: 25 }),
      maxCharsPerLine: fc.integer({ min: 12, max: 50 }),
    });
    fc.assert(
      fc.property(input, ({ words, maxCharsPerLine }) => {
        const lines = breakLines(words.join(" "), { maxCharsPerLine, maxLines: 40 });
        for (const line of lines) expect(displayLength(line)).toBeLessThanOrEqual(maxCharsPerLine);
        expect(lines.join(" ")).toBe(words.join(" "));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps CJK lines within maxCharsPerLine when the text fits in maxLines", () => {
    const input = fc.record({
      text: fc.stringMatching(/^[一-龥]{1,40}$/),
      maxCharsPerLine: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(input, ({ text, maxCharsPerLine }) => {
        const lines = breakLines(text, { maxCharsPerLine, maxLines: 40 });
        expect(lines.join("")).toBe(text);
        for (const line of lines) expect(displayLength(line)).toBeLessThanOrEqual(maxCharsPerLine);
      }),
    );
  });

  it("fitsLines agrees with what breakLines produces", () => {
    const text = fc
      .array(fc.oneof(latinWord, cjkRun), { minLength: 1, maxLength: 20 })
      .map((words) => words.join(" "));
    const limits = fc.record({
      maxCharsPerLine: fc.integer({ min: 1, max: 30 }),
      maxLines: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(text, limits, (input, limit) => {
        const lines = breakLines(input, limit);
        const fit =
          lines.length <= limit.maxLines &&
          lines.every((line) => displayLength(line) <= limit.maxCharsPerLine);
        expect(fitsLines(input, limit)).toBe(fit);
      }),
      { numRuns: 500 },
    );
  });

  it("breaks given pieces without losing or reordering them, as fitsLines predicts", () => {
    const piece = fc.oneof(
      latinWord.map((word) => ` ${word}`),
      fc.stringMatching(/^[一-龥]{1,4}[，。」]?$/),
    );
    const limits = fc.record({
      maxCharsPerLine: fc.integer({ min: 1, max: 30 }),
      maxLines: fc.integer({ min: 1, max: 4 }),
      language: fc.constantFrom("en", "zh", "ja", "fr", null),
    });
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 20 }), limits, (pieces, limit) => {
        const lines = breakLines(pieces, limit);
        expect(lines.join("").replace(/\s/g, "")).toBe(pieces.join("").replace(/\s/g, ""));
        expect(lines.length).toBeLessThanOrEqual(limit.maxLines);
        const fit = lines.every((line) => displayLength(line) <= limit.maxCharsPerLine);
        expect(fitsLines(pieces, limit)).toBe(fit);
      }),
      { numRuns: 500 },
    );
  });
});
