import { describe, expect, it } from "vitest";
import { tokensToWords } from "./tokens-to-words.js";

const token = (text: string, from: number, to: number, p = 0.9) => ({ text, id: 1, p, from, to });

describe("tokensToWords", () => {
  it("starts a word at each token with a leading space and skips special tokens", () => {
    const words = tokensToWords(
      [
        token("[_BEG_]", 0, 0),
        token(" And", 0, 300),
        token(" so", 300, 500),
        token(" my", 500, 700),
        token(" fell", 700, 900),
        token("ow", 900, 1100),
        token(",", 1100, 1150),
        token("[_TT_55]", 1150, 1150),
      ],
      "And so my fellow,",
    );
    expect(words.map((w) => w.text)).toEqual([" And", " so", " my", " fellow,"]);
    expect(words[3]).toMatchObject({ start: 700, end: 1150 });
  });

  it("spreads the segment's characters over the span when tokens split CJK characters", () => {
    const words = tokensToWords(
      [token("\uFFFD", 0, 200), token("\uFFFD", 200, 400), token("好", 400, 600)],
      "你好",
    );
    expect(words.map((w) => w.text)).toEqual(["你", "好"]);
    expect(words[0]).toMatchObject({ start: 0, end: 300 });
    expect(words[1]).toMatchObject({ start: 300, end: 600 });
  });

  it("returns nothing when no token has times", () => {
    expect(tokensToWords([{ text: " hi", id: 1, p: 1 }], "hi")).toEqual([]);
  });
});
