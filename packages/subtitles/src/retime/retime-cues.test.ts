import { describe, expect, it } from "vitest";
import type { Cue, Word } from "../cue.js";
import { retimeCues } from "./retime-cues.js";

/** Words said one after another from `from` ms, each `each` ms long with `gap` between. */
function spoken(texts: readonly string[], from: number, each = 300, gap = 100): Word[] {
  return texts.map((text, i) => ({
    text,
    start: from + i * (each + gap),
    end: from + i * (each + gap) + each,
  }));
}

const cue = (index: number, text: string, start = 0, end = 0): Cue => ({
  index,
  start,
  end,
  text,
});

describe("retimeCues", () => {
  it("takes the recognised words' times and keeps the imported text exactly", () => {
    const cues = [
      cue(1, "And so, my <i>fellow</i> Americans:", 50_000, 51_000),
      cue(2, "ask not what your country\ncan do for you.", 52_000, 53_000),
    ];
    const words = [
      ...spoken([" and", " so", " my", " fellow", " Americans"], 1000),
      ...spoken(
        [" ask", " not", " what", " your", " country", " can", " do", " for", " you"],
        4000,
      ),
    ];
    const {
      cues: retimed,
      mismatches,
      matchedShare,
    } = retimeCues(cues, words, {
      durationMs: 11_000,
    });
    expect(retimed.map((c) => c.text)).toEqual(cues.map((c) => c.text));
    expect(retimed.map(({ start, end }) => ({ start, end }))).toEqual([
      { start: 1000, end: 2900 },
      { start: 4000, end: 7500 },
    ]);
    expect(mismatches).toEqual([]);
    expect(matchedShare).toBe(1);
  });

  it("reports script not heard and speech not in the script on their cues", () => {
    const cues = [cue(1, "One two three"), cue(2, "four five six")];
    const words = spoken([" one", " two", " four", " hello", " five", " six"], 0);
    const { cues: retimed, mismatches } = retimeCues(cues, words, { durationMs: 5000 });
    expect(retimed[0]?.mismatches).toEqual([{ script: "three", heard: "", start: 700, end: 800 }]);
    expect(retimed[1]?.mismatches).toEqual([
      { script: "", heard: "hello", start: 1200, end: 1500 },
    ]);
    expect(mismatches).toHaveLength(2);
    // "three", not heard, sits in the time between "two" and "four".
    expect(retimed[0]).toMatchObject({ start: 0, end: 800 });
    expect(retimed[1]).toMatchObject({ start: 800, end: 2300 });
  });

  it("aligns Chinese character by character, across scripts", () => {
    const cues = [cue(1, "各位觀眾，晚上好。"), cue(2, "今日新聞。")];
    // Whisper wrote Simplified, in words of several characters.
    const words = [...spoken(["各位", "观众", "晚上好"], 2000), ...spoken(["今日", "新闻"], 4000)];
    const { cues: retimed, mismatches } = retimeCues(cues, words, { durationMs: 6000 });
    expect(mismatches).toEqual([]);
    expect(retimed.map(({ start, end, text }) => ({ start, end, text }))).toEqual([
      { start: 2000, end: 3100, text: "各位觀眾，晚上好。" },
      { start: 4000, end: 4700, text: "今日新聞。" },
    ]);
  });

  it("spreads cues in order over the media when nothing is recognised, each within it", () => {
    const cues = [cue(1, "first line"), cue(2, "♪"), cue(3, "last words here")];
    const { cues: retimed, matchedShare } = retimeCues(cues, [], { durationMs: 9000 });
    expect(matchedShare).toBe(0);
    for (const [i, c] of retimed.entries()) {
      expect(c.end).toBeGreaterThanOrEqual(c.start);
      expect(c.end).toBeLessThanOrEqual(9000);
      if (i > 0) expect(c.start).toBeGreaterThanOrEqual(retimed[i - 1]!.end);
    }
    expect(retimed.map((c) => c.text)).toEqual(["first line", "♪", "last words here"]);
    expect(retimed.at(-1)!.end).toBe(9000);
  });
});
