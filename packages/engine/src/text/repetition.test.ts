import { describe, expect, it } from "vitest";
import {
  collapseRepeatedPhrases,
  compressionRatio,
  RepetitionGuard,
  wordsAfterCollapse,
} from "./repetition.js";

describe("collapseRepeatedPhrases", () => {
  it("keeps one of a phrase said three or more times in a row", () => {
    expect(collapseRepeatedPhrases("Thank you. Thank you. Thank you. Thank you.")).toBe(
      "Thank you.",
    );
    expect(collapseRepeatedPhrases("so we went on and on and on and on")).toBe(
      "so we went on and on",
    );
  });

  it("leaves ordinary text and double words alone", () => {
    const text = "Ask not what your country can do for you, ask what you can do for your country.";
    expect(collapseRepeatedPhrases(text)).toBe(text);
    expect(collapseRepeatedPhrases("It was very, very good.")).toBe("It was very, very good.");
  });

  it("works on characters for text without spaces", () => {
    expect(collapseRepeatedPhrases("謝謝謝謝謝謝大家")).toBe("謝謝大家");
  });
});

describe("RepetitionGuard", () => {
  it("drops a segment that repeats a recent one and flags a loop", () => {
    const guard = new RepetitionGuard();
    expect(guard.accept("We choose to go to the moon.")).toBe("We choose to go to the moon.");
    expect(guard.sawLoop).toBe(false);
    expect(guard.accept("we choose to go to the moon")).toBeNull();
    expect(guard.sawLoop).toBe(true);
    guard.resetLoopFlag();
    expect(guard.accept("In this decade.")).toBe("In this decade.");
    expect(guard.sawLoop).toBe(false);
  });

  it("drops empty text, and collapses a looping segment while flagging the loop", () => {
    const guard = new RepetitionGuard();
    expect(guard.accept("  ...  ")).toBeNull();
    const loop = "the the cat sat the the cat sat on ".repeat(6);
    expect(compressionRatio(loop)).toBeGreaterThan(2.4);
    const once = "a b c the the cat sat the the cat sat on";
    expect(collapseRepeatedPhrases("a b c " + loop)).toBe(once);
    expect(guard.accept("a b c " + loop)).toBe(once);
    expect(guard.sawLoop).toBe(true);
  });
});

describe("wordsAfterCollapse", () => {
  const timed = (texts: string[]) =>
    texts.map((text, i) => ({ text, start: i * 100, end: i * 100 + 80 }));

  it("keeps the timings of the words a collapsed loop kept, punctuation repeats and all", () => {
    // Parakeet's words carry their punctuation (" a,,,"); the comparison ignores it, so the
    // loop collapses, and the words of what is kept keep their times.
    const words = timed([
      ",",
      " a",
      " a",
      " a,",
      " a",
      " the",
      " a,,,",
      " word,,",
      " the",
      " the",
      " the,",
    ]);
    const original = words.map((w) => w.text).join("");
    const collapsed = collapseRepeatedPhrases(original);
    expect(collapsed).toBe(", a the a,,, word,, the");
    const kept = wordsAfterCollapse(words, original, collapsed);
    expect(kept?.map((w) => w.text)).toEqual([",", " a", " the", " a,,,", " word,,", " the"]);
    expect(kept?.map((w) => w.start)).toEqual([0, 100, 500, 600, 700, 800]);
  });

  it("keeps Chinese words that the collapse keeps whole, and gives up on a word it cuts", () => {
    const words = timed(["謝謝", "謝謝", "謝謝", "大家"]);
    expect(wordsAfterCollapse(words, "謝謝謝謝謝謝大家", "謝謝大家")?.map((w) => w.start)).toEqual([
      0, 300,
    ]);
    // "謝謝謝" then "謝謝謝": the kept "謝謝" is not a whole word, so no words rather than wrong ones.
    expect(
      wordsAfterCollapse(timed(["謝謝謝", "謝謝謝", "大家"]), "謝謝謝謝謝謝大家", "謝謝大家"),
    ).toBeUndefined();
  });

  it("gives up when the words never spelled the text", () => {
    expect(wordsAfterCollapse(timed([" x", " y"]), "a a a b", "a b")).toBeUndefined();
  });
});
