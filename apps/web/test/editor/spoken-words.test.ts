import { describe, expect, it } from "vitest";
import { placeWords, spokenWord } from "../../src/features/editor/spoken-words";

const words = [
  { text: " Hello", startMs: 1000, endMs: 1400 },
  { text: " there", startMs: 1500, endMs: 1900 },
  { text: " friend", startMs: 2000, endMs: 2600 },
];

describe("words over a cue's text", () => {
  it("lays the words out, with the line break where the text has it", () => {
    const placed = placeWords("Hello there\nfriend", words, [1000, 3000]);
    expect(placed?.map((w) => [w.before, w.text])).toEqual([
      ["", "Hello"],
      [" ", "there"],
      ["\n", "friend"],
    ]);
  });

  it("gives up once the text no longer matches the words, or the cue moved away from them", () => {
    expect(placeWords("Hello there friend!", words, [1000, 3000])).toBeNull();
    expect(placeWords("Hello friend", words, [1000, 3000])).toBeNull();
    expect(placeWords("Hello there", words, [1000, 3000])).toBeNull();
    expect(placeWords("Hello there friend", words, [5000, 7000])).toBeNull();
    expect(placeWords("Hello there friend", undefined, [1000, 3000])).toBeNull();
  });

  it("finds the word being spoken, holding it through a short pause", () => {
    const placed = placeWords("Hello there friend", words, [1000, 3000])!;
    expect(spokenWord(placed, 900)).toBe(-1);
    expect(spokenWord(placed, 1000)).toBe(0);
    expect(spokenWord(placed, 1450)).toBe(0);
    expect(spokenWord(placed, 1500)).toBe(1);
    expect(spokenWord(placed, 2599)).toBe(2);
    expect(spokenWord(placed, 2600)).toBe(-1);
  });

  it("keeps Chinese words, which have no spaces, in order", () => {
    const zh = [
      { text: "今天", startMs: 0, endMs: 400 },
      { text: "天氣", startMs: 400, endMs: 800 },
    ];
    expect(placeWords("今天天氣", zh, [0, 1000])?.map((w) => w.before + w.text)).toEqual([
      "今天",
      "天氣",
    ]);
  });
});
