import type { Cue, Word } from "@verbatim/subtitles";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCues } from "./build-cues.js";
import type { TimedSegment } from "./speech-units.js";

const PRINTING =
  "Printing, in the only sense with which we are at present concerned, differs from most if not " +
  "from all the arts and crafts represented in the Exhibition in being comparatively modern. For " +
  "although the Chinese took impressions from wood blocks engraved in relief for centuries before " +
  "the woodcutters of the Netherlands, by a similar process, produced the block books, which were " +
  "the immediate predecessors of the true printed book, the invention of movable metal letters in " +
  "the middle of the fifteenth century may justly be considered as the invention of the art of printing.";
const CHINESE =
  "我們今天要討論的是人工智能對社會的影響。首先，人工智能已經改變了我們的工作方式，" +
  "很多重複性的工作都被自動化了。其次，它也帶來了新的挑戰，例如私隱和道德問題。";

/** Times English words as read aloud, with longer pauses after commas and full stops. */
function speakEnglish(text: string): TimedSegment {
  let clock = 500;
  const words = text.split(" ").map((piece) => {
    const duration = 120 + piece.length * 45;
    const word = { text: ` ${piece}`, start: clock, end: clock + duration };
    clock += duration + (piece.endsWith(",") ? 250 : piece.endsWith(".") ? 600 : 40);
    return word;
  });
  return { start: 500, end: clock, text, words };
}

/** Times CJK text one character per token, as Whisper often gives it. */
function speakByCharacter(text: string, start = 0): TimedSegment {
  let clock = start;
  const words: Word[] = Array.from(text, (ch) => {
    const word = { text: ch, start: clock, end: clock + 220 };
    clock += "。，".includes(ch) ? 500 : 230;
    return word;
  });
  return { start, end: clock, text, words };
}

/**
 * Words that must not end a line or a cue because they lead into what follows (articles,
 * prepositions, conjunctions, possessives): the test's own list, written from the style
 * guides, not the product's, so an emptied or wrong product list cannot pass.
 */
const DANGLING = new Set(
  (
    "a an the this these those of to in on at for with from by into than as and or but nor " +
    "if that which who whose my your his her its our their is are was were be been"
  ).split(" "),
);

const lastWord = (text: string): string => text.split(/\s/).at(-1)?.toLowerCase() ?? "";

/** Offsets into the joined text where a cue or a line after the first begins. */
function breakOffsets(cues: readonly Cue[]): number[] {
  const offsets: number[] = [];
  let offset = 0;
  for (const cue of cues) {
    for (const line of cue.text.split("\n")) {
      if (offset > 0) offsets.push(offset);
      offset += line.length;
    }
  }
  return offsets;
}

/**
 * Offsets between two characters of one word of each segment, as Intl.Segmenter finds them
 * (the platform's word breaker, used here directly rather than through the product).
 */
function insideWords(segments: readonly TimedSegment[], language: string): Set<number> {
  const segmenter = new Intl.Segmenter(language === "ja" ? "ja" : "zh", { granularity: "word" });
  const inside = new Set<number>();
  let offset = 0;
  for (const segment of segments) {
    for (const { segment: word } of segmenter.segment(segment.text)) {
      for (let i = 1; i < word.length; i += 1) inside.add(offset + i);
      offset += word.length;
    }
  }
  return inside;
}

/** Expects breaks (cues or lines) to exist, and none of them inside a word. */
function expectBreaksBetweenWords(cues: readonly Cue[], inside: Set<number>): void {
  const breaks = breakOffsets(cues);
  expect(breaks.length).toBeGreaterThan(0);
  expect(inside.size).toBeGreaterThan(0);
  expect(breaks.filter((offset) => inside.has(offset))).toEqual([]);
}

describe("buildCues keeps English phrases together", () => {
  const cues = buildCues([speakEnglish(PRINTING)], { language: "en" });

  it("ends no cue and no line on a function word", () => {
    expect(cues.map((cue) => cue.text.replace(/\n/g, " ")).join(" ")).toBe(PRINTING);
    // A long passage: many cues, some of two lines, so there are many places to check.
    expect(cues.length).toBeGreaterThan(5);
    expect(cues.some((cue) => cue.text.includes("\n"))).toBe(true);
    const lineEnds = cues.flatMap((cue) => cue.text.split("\n").map(lastWord));
    expect(lineEnds.filter((word) => DANGLING.has(word))).toEqual([]);
    expect(cues.some((cue) => cue.text.endsWith("of the true"))).toBe(false);
  });

  it("ends most cues at punctuation", () => {
    const atPunctuation = cues.filter((cue) => /[,.]$/.test(cue.text));
    expect(atPunctuation.length).toBeGreaterThanOrEqual(cues.length - 3);
  });

  it("prefers a clause end to evenly filled cues", () => {
    const text =
      "This segment has no word timings at all, so the cue builder must split it by punctuation. It should still read well.";
    const split = buildCues([{ start: 0, end: 9000, text }], { language: "en" });
    expect(split.map((cue) => cue.text.replace(/\n/g, " "))).toEqual([
      "This segment has no word timings at all,",
      "so the cue builder must split it by punctuation.",
      "It should still read well.",
    ]);
  });
});

describe("buildCues keeps Chinese and Japanese words whole", () => {
  it("never cuts a cue or a line inside a word when tokens are single characters", () => {
    const segment = speakByCharacter(CHINESE);
    const cues = buildCues([segment], { language: "zh" });
    expect(cues.map((cue) => cue.text.replace(/\n/g, "")).join("")).toBe(CHINESE);
    expectBreaksBetweenWords(cues, insideWords([segment], "zh"));
    expect(cues.map((cue) => cue.text)).toContain("我們今天要討論的是\n人工智能對社會的影響。");
  });

  it("splits Chinese text without word timings between words", () => {
    const cues = buildCues([{ start: 0, end: 20_000, text: CHINESE }], { language: "zh" });
    expectBreaksBetweenWords(cues, insideWords([{ start: 0, end: 0, text: CHINESE }], "zh"));
  });

  it("follows the cue language for Japanese and Cantonese", () => {
    const japanese = "今日は人工知能について話します。カメラを買いました。";
    const segment = speakByCharacter(japanese);
    const cues = buildCues([segment], { language: "ja", cjkMaxCharsPerLine: 10 });
    expectBreaksBetweenWords(cues, insideWords([segment], "ja"));
    const cantonese = buildCues([speakByCharacter(CHINESE)], { language: "yue" });
    expect(cantonese.map((cue) => cue.text)).toEqual(
      buildCues([speakByCharacter(CHINESE)], { language: "zh" }).map((cue) => cue.text),
    );
  });
});

// Words of up to four characters, each followed by at most one punctuation mark: with a
// line of six or more characters, every word and its punctuation fit a line.
const chineseWords = fc
  .tuple(
    fc.constantFrom(
      "我們",
      "今天",
      "討論",
      "人工智能",
      "社會",
      "影響",
      "工作",
      "方式",
      "的",
      "了",
      "是",
    ),
    fc.constantFrom("", "", "", "，", "。"),
  )
  .map(([word, mark]) => word + mark);

describe("buildCues CJK word properties", () => {
  it("cuts cues and lines only between segmenter words when every word fits a line", () => {
    const segments = fc.array(fc.array(chineseWords, { minLength: 1, maxLength: 30 }), {
      minLength: 1,
      maxLength: 4,
    });
    const limits = fc.record({
      maxLines: fc.integer({ min: 1, max: 3 }),
      cjkMaxCharsPerLine: fc.integer({ min: 6, max: 20 }),
    });
    fc.assert(
      fc.property(segments, limits, (texts, limit) => {
        let clock = 0;
        const timed = texts.map((words) => {
          const segment = speakByCharacter(words.join(""), clock);
          clock = segment.end + 300;
          return segment;
        });
        const cues = buildCues(timed, { ...limit, language: "zh" });
        const joined = timed.map((segment) => segment.text).join("");
        expect(cues.map((cue) => cue.text.replace(/\n/g, "")).join("")).toBe(joined);
        const inside = insideWords(timed, "zh");
        const breaks = breakOffsets(cues);
        expect(breaks.filter((offset) => inside.has(offset))).toEqual([]);
        // Text longer than one line must be broken somewhere.
        if (Array.from(joined).length > limit.cjkMaxCharsPerLine) {
          expect(breaks.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
  });
});

// Speed is measured by `npm run bench` (cue building line); this checks a long transcript's shape.
describe("buildCues on a 100-minute transcript", () => {
  it("builds ordered, non-overlapping cues", () => {
    // About 15,000 English words and 30,000 Chinese characters.
    const english = repeat(speakEnglish(PRINTING), 160);
    const chinese = repeat(speakByCharacter(CHINESE), 420);
    for (const [segments, language] of [
      [english, "en"],
      [chinese, "zh"],
    ] as const) {
      const cues = buildCues(segments, { language });
      expect(cues.length).toBeGreaterThan(1000);
      for (let i = 1; i < cues.length; i++) {
        expect(cues[i]!.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
      }
    }
  });
});

/** The segment said `times` times over, one second apart. */
function repeat(segment: TimedSegment, times: number): TimedSegment[] {
  const span = segment.end - segment.start + 1000;
  return Array.from({ length: times }, (_, k) => ({
    ...segment,
    start: segment.start + k * span,
    end: segment.end + k * span,
    words: segment.words?.map((word) => ({
      ...word,
      start: word.start + k * span,
      end: word.end + k * span,
    })),
  }));
}
