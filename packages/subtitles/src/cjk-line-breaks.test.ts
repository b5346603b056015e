import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitAtBreaks } from "./break-points.js";
import { breakLines, fitsLines } from "./break-lines.js";
import { isNoLineStart } from "./line-break-rules.js";
import { displayLength } from "./text-measure.js";
import { segmenterLocale, splitWords } from "./word-segments.js";

const SENTENCE = "我們今天要討論的是人工智能對社會的影響。";

/** Where each line after the first starts, as offsets into the joined text. */
function lineStarts(lines: readonly string[]): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines.slice(0, -1)) {
    offset += line.length;
    starts.push(offset);
  }
  return starts;
}

/** Offsets inside words: between two characters of one segmenter word. */
function insideWords(words: readonly string[]): Set<number> {
  const inside = new Set<number>();
  let offset = 0;
  for (const word of words) {
    for (let i = 1; i < word.length; i += 1) inside.add(offset + i);
    offset += word.length;
  }
  return inside;
}

describe("splitWords and segmenterLocale", () => {
  it("finds Chinese and Japanese words with the cue language's segmenter", () => {
    expect(splitWords("人工智能對社會的影響", "zh")).toEqual([
      "人工",
      "智能",
      "對",
      "社會",
      "的",
      "影響",
    ]);
    expect(splitWords("カメラを買いました", "ja")).toContain("カメラ");
    expect(splitWords("Hello world", "en")).toEqual(["Hello world"]);
    expect(splitWords("", "zh")).toEqual([]);
  });

  it("maps Cantonese to Chinese and guesses from kana when the language is unknown", () => {
    expect(segmenterLocale("yue", "佢哋")).toBe("zh");
    expect(segmenterLocale("zh-TW", "カメラ")).toBe("zh");
    expect(segmenterLocale("ja_JP", "漢字")).toBe("ja");
    expect(segmenterLocale(null, "今日はいい天気")).toBe("ja");
    expect(segmenterLocale("ko", "漢字")).toBe("zh");
  });

  it("splits text at every break opportunity, spaces leading the next piece", () => {
    expect(splitAtBreaks("他说：「我们明天去北京。」 Hello world", "zh")).toEqual([
      "他",
      "说：",
      "「我们",
      "明天",
      "去",
      "北京。」",
      " Hello",
      " world",
    ]);
  });
});

describe("breakLines for Chinese and Japanese", () => {
  it("never breaks inside 人工智能 or 社會", () => {
    for (const maxCharsPerLine of [6, 8, 10, 12, 14, 16]) {
      const lines = breakLines(SENTENCE, { maxCharsPerLine, maxLines: 4 });
      expect(lines.join("")).toBe(SENTENCE);
      for (const line of lines) expect(displayLength(line)).toBeLessThanOrEqual(maxCharsPerLine);
      const text = lines.join("");
      for (const offset of lineStarts(lines)) {
        expect([text.indexOf("人工智能") + 2, text.indexOf("社會") + 1]).not.toContain(offset);
      }
    }
    expect(breakLines(SENTENCE, { maxCharsPerLine: 16, maxLines: 2 })).toEqual([
      "我們今天要討論的是",
      "人工智能對社會的影響。",
    ]);
  });

  it("keeps 改變 and 挑戰 whole and prefers breaking after punctuation", () => {
    const limits = { maxCharsPerLine: 16, maxLines: 2, language: "zh" };
    expect(breakLines("首先，人工智能已經改變了我們的工作方式，", limits)).toEqual([
      "首先，人工智能已經改變了",
      "我們的工作方式，",
    ]);
    expect(breakLines("其次，它也帶來了新的挑戰，例如私隱和道德問題。", limits)).toEqual([
      "其次，它也帶來了新的挑戰，",
      "例如私隱和道德問題。",
    ]);
    expect(breakLines("很多重複性的工作都被自動化了。其次，它也帶來了新的挑戰，", limits)).toEqual([
      "很多重複性的工作都被自動化了。",
      "其次，它也帶來了新的挑戰，",
    ]);
  });

  it("keeps closing punctuation off a line start and opening brackets off a line end", () => {
    const lines = breakLines("他说：「我们明天一起去北京大学参观吧。」", {
      maxCharsPerLine: 12,
      maxLines: 2,
    });
    expect(lines).toEqual(["他说：「我们明天一起去", "北京大学参观吧。」"]);
  });

  it("breaks Japanese after particles, not before them", () => {
    const lines = breakLines("私たちは毎日たくさんの新しいことを学んでいます", {
      maxCharsPerLine: 16,
      maxLines: 2,
      language: "ja",
    });
    expect(lines).toEqual(["私たちは毎日たくさんの", "新しいことを学んでいます"]);
  });

  it("breaks between characters only inside a word longer than a line", () => {
    const lines = breakLines("コンピュータプログラミングの勉強", {
      maxCharsPerLine: 8,
      maxLines: 3,
    });
    expect(lines.join("")).toBe("コンピュータプログラミングの勉強");
    for (const line of lines) expect(displayLength(line)).toBeLessThanOrEqual(8);
    expect(lines[0]).toBe("コンピュータ");
  });

  it("breaks given pieces only between them", () => {
    const pieces = ["我們", "今天", "要", "討論", "的是", "人工智能", "對", "社會", "的", "影響。"];
    const lines = breakLines(pieces, { maxCharsPerLine: 12, maxLines: 2 });
    expect(lines).toEqual(["我們今天要討論的是", "人工智能對社會的影響。"]);
    expect(fitsLines(["人工智能對社會的影響。"], { maxCharsPerLine: 10, maxLines: 1 })).toBe(false);
  });
});

describe("breakLines CJK properties", () => {
  it("breaks only between segmenter words when every word fits a line", () => {
    const run = fc.tuple(fc.stringMatching(/^[一-龥]{1,6}$/), fc.constantFrom("", "", "，", "。"));
    const input = fc.record({
      text: fc.array(run, { minLength: 1, maxLength: 8 }).map((runs) => runs.flat().join("")),
      maxCharsPerLine: fc.integer({ min: 4, max: 16 }),
    });
    fc.assert(
      fc.property(input, ({ text, maxCharsPerLine }) => {
        const words = splitWords(text, "zh");
        // A word and the punctuation after it must fit, as punctuation cannot start a line.
        fc.pre(words.every((word) => displayLength(word) < maxCharsPerLine));
        const lines = breakLines(text, { maxCharsPerLine, maxLines: 40, language: "zh" });
        expect(lines.join("")).toBe(text);
        const inside = insideWords(words);
        for (const offset of lineStarts(lines)) expect(inside.has(offset)).toBe(false);
        for (const line of lines) {
          expect(displayLength(line)).toBeLessThanOrEqual(maxCharsPerLine);
          expect(isNoLineStart(line[0] ?? "")).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
