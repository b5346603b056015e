import { displayLength, isNoLineStart, type Cue, type Word } from "@verbatim/subtitles";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCues } from "./build-cues.js";
import { DEFAULT_CUE_OPTIONS, type CueOptions } from "./cue-options.js";
import type { TimedSegment } from "./speech-units.js";

interface WordSpec {
  text: string;
  gap: number;
  duration: number;
  newSegment: boolean;
}

const latinWord = fc
  .tuple(
    fc.stringMatching(/^[a-zA-Z']{1,12}$/),
    fc.constantFrom("", "", "", "", ",", ".", "?", "!", ";"),
  )
  .map(([word, mark]) => ` ${word}${mark}`);
const cjkWord = fc
  .tuple(
    fc.oneof(fc.stringMatching(/^[一-龥]{1,3}$/), fc.constantFrom("です", "ありがとう", "カメラ")),
    fc.constantFrom("", "", "", "，", "。", "！", "、", "」"),
  )
  .map(([word, mark]) => word + mark);

function wordSpecs(text: fc.Arbitrary<string>): fc.Arbitrary<WordSpec[]> {
  const spec = fc.record({
    text,
    gap: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 3000 })),
    duration: fc.oneof(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 9000 })),
    newSegment: fc.boolean(),
  });
  return fc.array(spec, { minLength: 1, maxLength: 120 });
}

/** Lays words out in time and groups them into segments where `newSegment` says. */
function toSegments(specs: readonly WordSpec[]): { segments: TimedSegment[]; words: Word[] } {
  let clock = 0;
  const words: Word[] = [];
  const segments: TimedSegment[] = [];
  for (const spec of specs) {
    const word = {
      text: spec.text,
      start: clock + spec.gap,
      end: clock + spec.gap + spec.duration,
    };
    clock = word.end;
    words.push(word);
    const current = segments.at(-1);
    if (!current || spec.newSegment)
      segments.push({ start: word.start, end: word.end, text: "", words: [] });
    const segment = segments.at(-1) as TimedSegment;
    segment.words?.push(word);
    segment.text += word.text;
    segment.end = word.end;
  }
  return { segments, words };
}

function expectValidCues(cues: Cue[], words: Word[], options: CueOptions, maxChars: number): void {
  expect(cues.flatMap((cue) => cue.words ?? [])).toEqual(words);
  cues.forEach((cue, i) => {
    expect(cue.index).toBe(i + 1);
    expect(cue.end).toBeGreaterThan(cue.start);
    const next = cues[i + 1];
    if (next) expect(cue.end).toBeLessThanOrEqual(next.start);
    const lines = cue.text.split("\n");
    expect(lines.length).toBeLessThanOrEqual(options.maxLines);
    for (const line of lines) {
      expect(displayLength(line)).toBeLessThanOrEqual(maxChars);
      expect(line).toBe(line.trim());
      expect(isNoLineStart(Array.from(line)[0] ?? "")).toBe(false);
    }
    if (cue.end - cue.start > options.maxDurationMs) {
      const only = cue.words?.[0];
      expect(cue.words).toHaveLength(1);
      expect((only?.end ?? 0) - (only?.start ?? 0)).toBeGreaterThan(options.maxDurationMs);
    }
  });
}

const limits = fc.record({
  maxCharsPerLine: fc.integer({ min: 16, max: 50 }),
  maxLines: fc.integer({ min: 1, max: 3 }),
  maxDurationMs: fc.integer({ min: 1500, max: 10_000 }),
});

describe("buildCues properties", () => {
  it("keeps spaced-script cues within limits, ordered, and with every word in order", () => {
    fc.assert(
      fc.property(wordSpecs(latinWord), limits, (specs, limit) => {
        const options = { ...DEFAULT_CUE_OPTIONS, ...limit, language: "en" };
        const { segments, words } = toSegments(specs);
        const cues = buildCues(segments, options);
        expectValidCues(cues, words, options, options.maxCharsPerLine);
        expect(cues.map((cue) => cue.text.replace(/\n/g, " ")).join(" ")).toBe(
          words.map((word) => word.text.trim()).join(" "),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("keeps CJK cues within the CJK line length with no closing punctuation first", () => {
    fc.assert(
      fc.property(wordSpecs(cjkWord), limits, (specs, limit) => {
        const options = { ...DEFAULT_CUE_OPTIONS, ...limit, language: "ja" };
        const { segments, words } = toSegments(specs);
        const cues = buildCues(segments, options);
        expectValidCues(cues, words, options, options.cjkMaxCharsPerLine);
        expect(cues.map((cue) => cue.text.replace(/\n/g, "")).join("")).toBe(
          words.map((w) => w.text).join(""),
        );
      }),
      { numRuns: 200 },
    );
  });
});
