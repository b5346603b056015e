import { breakLines, displayLength, isNoLineStart, type Cue, type Word } from "@verbatim/subtitles";
import { describe, expect, it } from "vitest";
import { buildCues } from "./build-cues.js";
import { DEFAULT_CUE_OPTIONS } from "./cue-options.js";

/** Times words as speech: 70 ms per character, short gaps, longer after sentence ends. */
function speak(text: string, start = 0, separator = " "): Word[] {
  const pieces = separator === "" ? Array.from(text) : text.split(" ");
  let clock = start;
  return pieces.map((piece) => {
    const word = {
      text: separator === "" ? piece : ` ${piece}`,
      start: clock,
      end: clock + 70 * Array.from(piece).length + 80,
    };
    clock = word.end + (/[.!?。！？]$/.test(piece) ? 400 : 60);
    return word;
  });
}

function segment(words: Word[]): { start: number; end: number; text: string; words: Word[] } {
  return {
    start: words[0]?.start ?? 0,
    end: words.at(-1)?.end ?? 0,
    text: words.map((w) => w.text).join(""),
    words,
  };
}

function expectWellFormed(cues: Cue[], maxCharsPerLine = 42): void {
  cues.forEach((cue, i) => {
    expect(cue.index).toBe(i + 1);
    expect(cue.end).toBeGreaterThan(cue.start);
    expect(cue.end - cue.start).toBeLessThanOrEqual(DEFAULT_CUE_OPTIONS.maxDurationMs);
    const lines = cue.text.split("\n");
    expect(lines.length).toBeLessThanOrEqual(2);
    for (const line of lines) expect(displayLength(line)).toBeLessThanOrEqual(maxCharsPerLine);
    const next = cues[i + 1];
    if (next) expect(cue.end).toBeLessThanOrEqual(next.start);
  });
}

const flat = (cues: Cue[], glue = " "): string =>
  cues.map((cue) => cue.text.split("\n").join(glue)).join(glue);

const PARAGRAPH =
  "When we started this project, nobody on the team had ever built a speech recognition pipeline, " +
  "and we underestimated almost everything about it. The audio was noisy. The speakers talked over each other, " +
  "switched languages in the middle of a sentence and used words that no dictionary had ever seen before, " +
  "so the first version produced subtitles that were, to put it kindly, creative. We learned a lot.";

describe("buildCues with word timings", () => {
  it("keeps a long English paragraph within limits and in order", () => {
    const words = speak(PARAGRAPH);
    const cues = buildCues([segment(words)]);
    expectWellFormed(cues);
    expect(flat(cues)).toBe(PARAGRAPH);
    expect(cues.flatMap((cue) => cue.words ?? [])).toEqual(words);
    for (const cue of cues) {
      // A cue starts with its first word, or just after the previous cue and its gap.
      const first = cue.words?.[0]?.start ?? Infinity;
      expect(cue.start).toBeGreaterThanOrEqual(first);
      expect(cue.start - first).toBeLessThan(500);
      expect(cue.end).toBeGreaterThanOrEqual(cue.words?.at(-1)?.end ?? Infinity);
      expect(cue.text.split(" ").length).toBeGreaterThan(1);
    }
  });

  it("ends every cue at a sentence end when the sentences fit", () => {
    const text =
      "This is the first sentence of the talk. Here comes a second one that is a bit longer than that. " +
      "Short one! Then a question follows, doesn't it? And finally we close the whole thing with a last remark.";
    const cues = buildCues([segment(speak(text))]);
    expectWellFormed(cues);
    expect(flat(cues)).toBe(text);
    for (const cue of cues) expect(cue.text).toMatch(/[.!?]$/);
  });

  it("splits a long sentence at a comma rather than between plain words", () => {
    const text =
      "If you want subtitles that people can actually read on a small phone screen, you must keep every line short and simple.";
    const cues = buildCues([segment(speak(text))]);
    expect(cues.map((cue) => cue.text.replace(/\n/g, " "))).toEqual([
      "If you want subtitles that people can actually read on a small phone screen,",
      "you must keep every line short and simple.",
    ]);
  });

  it("balances a sentence slightly too long for one cue instead of leaving an orphan", () => {
    const text =
      "Balanced subtitles are much easier to read than a full cue followed by a lonely little word";
    const cues = buildCues([segment(speak(text))]);
    expect(cues).toHaveLength(2);
    for (const cue of cues) expect(cue.text.split(/\s/).length).toBeGreaterThan(3);
  });

  it("splits where there is a long pause", () => {
    const first = speak("So that is how it works and then");
    const second = speak(
      "after a long break we continue talking about other things here",
      (first.at(-1)?.end ?? 0) + 900,
    );
    const cues = buildCues([segment([...first, ...second])]);
    expect(cues[0]?.text.replace(/\n/g, " ")).toBe("So that is how it works and then");
  });

  it("starts a new cue after a long silence between segments, merges close short ones", () => {
    const a = speak("Hello there.");
    const b = speak("How are you?", (a.at(-1)?.end ?? 0) + 200);
    const c = speak("Fine, thanks.", (b.at(-1)?.end ?? 0) + 3000);
    const cues = buildCues([segment(a), segment(b), segment(c)]);
    expect(cues.map((cue) => cue.text)).toEqual(["Hello there. How are you?", "Fine, thanks."]);
  });

  it("builds Chinese cues of at most 16 characters per line, no closing punctuation first", () => {
    const text =
      "我们今天要讨论的是一个非常重要的问题，那就是如何让字幕更容易阅读。" +
      "首先，每一行不能太长；其次，每一条字幕在屏幕上停留的时间要足够。最后，标点符号不能出现在行首！";
    const words = speak(text, 0, "");
    const cues = buildCues([segment(words)], { language: "zh" });
    expectWellFormed(cues, 16);
    expect(flat(cues, "")).toBe(text);
    for (const cue of cues) {
      for (const line of cue.text.split("\n")) expect(isNoLineStart(line[0] ?? "")).toBe(false);
    }
    expect(cues.flatMap((cue) => cue.words ?? [])).toEqual(words);
  });

  it("uses CJK limits when the text is mostly CJK even without a language", () => {
    const words = speak("这是一个没有指定语言的中文句子，但是仍然应该使用中文的行长限制。", 0, "");
    const cues = buildCues([segment(words)], { language: null });
    expectWellFormed(cues, 16);
  });

  it("drops empty and whitespace-only segments and words", () => {
    const words = [{ text: " ", start: 0, end: 10 }, ...speak("Hi.", 100)];
    expect(
      buildCues([{ start: 0, end: 10, text: "  " }, segment(words)]).map((cue) => cue.text),
    ).toEqual(["Hi."]);
    expect(buildCues([])).toEqual([]);
  });
});

describe("buildCues timing", () => {
  it("keeps the minimum duration and the gap: a cue whose speech comes too soon waits", () => {
    const cues = buildCues([
      segment([{ text: " Yes.", start: 1000, end: 1200 }]),
      segment([{ text: " No.", start: 1800, end: 2000 }]),
      segment([{ text: " Maybe.", start: 5000, end: 5300 }]),
    ]);
    expect(cues.map((cue) => [cue.start, cue.end])).toEqual([
      [1000, 2000],
      [2084, 3084], // 1 s on screen, two frames (84 ms) after "Yes." ends
      [5000, 6000],
    ]);
  });

  it("stretches a fast cue into the following silence to lower its reading speed", () => {
    const words = speak("Unbelievably complicated pronunciation").map((w, i) => ({
      ...w,
      start: i * 300,
      end: i * 300 + 290,
    }));
    const [cue] = buildCues([segment(words)]);
    expect(cue?.start).toBe(0);
    expect(cue?.end).toBe(Math.ceil((38 * 1000) / 17));
  });

  it("never ends at or before the start, even for zero-length words", () => {
    const cues = buildCues([
      segment([{ text: " a", start: 500, end: 500 }]),
      segment([{ text: " b", start: 500, end: 500 }]),
    ]);
    expect(cues).toHaveLength(1);
    expect(cues[0]?.end).toBeGreaterThan(cues[0]?.start ?? Infinity);
  });

  it("rejects unusable options", () => {
    expect(() => buildCues([], { maxLines: 0 })).toThrow(/maxLines/);
    expect(() => buildCues([], { minDurationMs: 9000 })).toThrow(/minDurationMs/);
  });
});

describe("buildCues without word timings", () => {
  it("splits segment text and times pieces by their share of characters", () => {
    const text =
      "This segment has no word timings at all. So its pieces get a share of the time by length.";
    const cues = buildCues([{ start: 10_000, end: 19_000, text }]);
    expect(flat(cues)).toBe(text);
    expect(cues.map((cue) => cue.text.replace(/\n/g, " "))).toEqual([
      "This segment has no word timings at all.",
      "So its pieces get a share of the time by length.",
    ]);
    const letters = (cue: Cue): number => cue.text.replace(/\s/g, "").length;
    const total = cues.reduce((sum, cue) => sum + letters(cue), 0);
    expect(cues[0]?.start).toBe(10_000);
    expect(cues[0]?.end).toBe(10_000 + Math.round((9000 * letters(cues[0] as Cue)) / total));
    expect(cues[1]?.start).toBe((cues[0]?.end ?? 0) + 84); // two frames apart
    expect(cues[1]?.end).toBe(19_000);
    expect(cues.every((cue) => cue.words === undefined)).toBe(true);
  });

  it("splits Chinese text between characters within 16 per line", () => {
    const text = "没有词级时间戳的中文段落也需要被切分成合适的字幕，每行不超过十六个字。";
    const cues = buildCues([{ start: 0, end: 8000, text }], { language: "zh" });
    expectWellFormed(cues, 16);
    expect(flat(cues, "")).toBe(text);
  });

  it("keeps a sentence that fits in one cue, broken into balanced lines", () => {
    const text = "A short segment that fits into one cue nicely, with two lines";
    const cues = buildCues([{ start: 0, end: 4000, text }]);
    expect(cues.map((cue) => cue.text)).toEqual([
      breakLines(text, { maxCharsPerLine: 42, maxLines: 2 }).join("\n"),
    ]);
  });
});

describe("buildCues with speakers", () => {
  it("never puts two speakers in one cue, even when they answer without a pause", () => {
    const first = speak("Are you coming", 0);
    const second = speak("Yes I am", first.at(-1)!.end + 50);
    const cues = buildCues([
      { start: 0, end: first.at(-1)!.end, text: "Are you coming", words: first, speaker: "S1" },
      {
        start: second[0]!.start,
        end: second.at(-1)!.end,
        text: "Yes I am",
        words: second,
        speaker: "S2",
      },
    ]);
    expect(cues.map((cue) => [cue.speaker, cue.text])).toEqual([
      ["S1", "Are you coming"],
      ["S2", "Yes I am"],
    ]);
  });

  it("still joins one speaker's segments into one cue, and leaves undiarized cues without one", () => {
    const a = speak("One two", 0);
    const b = speak("three four", a.at(-1)!.end + 50);
    const segments = [
      { start: 0, end: a.at(-1)!.end, text: "One two", words: a, speaker: "S1" },
      { start: b[0]!.start, end: b.at(-1)!.end, text: "three four", words: b, speaker: "S1" },
    ];
    expect(buildCues(segments).map((cue) => [cue.speaker, cue.text])).toEqual([
      ["S1", "One two three four"],
    ]);
    const plain = buildCues(segments.map(({ speaker: _s, ...rest }) => rest));
    expect(plain).toHaveLength(1);
    expect(plain[0]).not.toHaveProperty("speaker");
  });
});
