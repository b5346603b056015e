import { describe, expect, it } from "vitest";

import type { NativeParakeetToken } from "../whisper/native-binding.js";
import { ParakeetSegmenter, parakeetSegments, parakeetWords } from "./parakeet-segments.js";

function token(piece: string, start: number, end: number, p = 0.9): NativeParakeetToken {
  return { id: 0, piece, p, start, end, wordStart: piece.startsWith("\u2581") };
}

// "Hello world. How are you" with a pause before "you"; punctuation has no duration (as
// whisper.cpp's parakeet gives it).
const TOKENS = [
  token("▁Hel", 100, 200),
  token("lo", 200, 300, 0.5),
  token("▁world", 350, 600),
  token(".", 600, 600),
  token("▁How", 900, 1000),
  token("▁are", 1000, 1100),
  token("<unk>", 1100, 1100),
  token("▁you", 2500, 2700),
];

describe("Parakeet tokens to words and segments", () => {
  it("joins word pieces into words timed from their first token's start to their last's end", () => {
    const words = parakeetWords(TOKENS.slice(0, 4));
    expect(words.map((w) => [w.text, w.start, w.end])).toEqual([
      [" Hello", 100, 300],
      [" world.", 350, 600],
    ]);
    expect(words[0]!.probability).toBeCloseTo(0.7);
  });

  it("closes a segment after a sentence end and at a pause, and drops control pieces", () => {
    const segments = parakeetSegments(TOKENS, "en");
    expect(segments.map((s) => [s.text, s.start, s.end])).toEqual([
      ["Hello world.", 100, 600],
      ["How are", 900, 1100],
      ["you", 2500, 2700],
    ]);
    expect(segments.every((s) => s.language === "en")).toBe(true);
  });

  it("cuts the live segments exactly as the final ones", () => {
    const segmenter = new ParakeetSegmenter("en");
    const live = TOKENS.map((t) => segmenter.push(t)).filter((s) => s !== null);
    const last = segmenter.flush();
    expect([...live, last].map((s) => s?.text)).toEqual(
      parakeetSegments(TOKENS, "en").map((s) => s.text),
    );
  });
});
