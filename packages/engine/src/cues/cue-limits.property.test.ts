import { createRequire } from "node:module";
import {
  displayLength,
  isCjkLanguage,
  isCjkText,
  joinLines,
  readSrt,
  STYLE_NAMES,
  writeSrt,
  writeVtt,
  type Cue,
  type StyleName,
} from "@verbatim/subtitles";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCues } from "./build-cues.js";
import { resolveCueOptions, type CueOptions } from "./cue-options.js";
import type { TimedSegment } from "./speech-units.js";

// Whatever timings the model gives — random, zero-length, overlapping, out of order, minutes
// long, empty words, CJK and mixed scripts — every cue keeps its style preset's promises, and
// the SRT and WebVTT written from them are valid (WebVTT checked by the W3C's parser).

interface ParsedVtt {
  cues: { startTime: number; endTime: number }[];
  errors: { message: string; line: number }[];
}
// webvtt-parser is CommonJS without types: the W3C-maintained reference parser.
const { WebVTTParser } = createRequire(import.meta.url)("webvtt-parser") as {
  WebVTTParser: new () => { parse(input: string, mode: "metadata"): ParsedVtt };
};

const latin = fc
  .tuple(fc.stringMatching(/^[a-zA-Z']{1,14}$/), fc.constantFrom("", "", ",", ".", "?"))
  .map(([word, mark]) => ` ${word}${mark}`);
const cjk = fc
  .tuple(fc.stringMatching(/^[一-龥]{1,3}$/), fc.constantFrom("", "", "，", "。", "？"))
  .map(([word, mark]) => word + mark);
const empty = fc.constantFrom("", " ", "  ");
const anyWord = fc.oneof(
  { weight: 6, arbitrary: latin },
  { weight: 4, arbitrary: cjk },
  { weight: 1, arbitrary: empty },
);

/** A word's timing: usually ordered and short, sometimes absurd. */
const timing = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      gap: fc.integer({ min: 0, max: 2000 }),
      length: fc.integer({ min: 0, max: 900 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ gap: fc.constant(0), length: fc.constant(0) }) }, // zero-length
  {
    weight: 1,
    arbitrary: fc.record({
      gap: fc.integer({ min: -5000, max: 0 }),
      length: fc.integer({ min: 0, max: 3000 }),
    }),
  }, // overlapping, backwards
  {
    weight: 1,
    arbitrary: fc.record({
      gap: fc.integer({ min: 0, max: 1000 }),
      length: fc.integer({ min: 60_000, max: 600_000 }),
    }),
  }, // minutes long
);

const hostileSegments: fc.Arbitrary<TimedSegment[]> = fc
  .array(fc.record({ text: anyWord, timing, newSegment: fc.boolean() }), {
    minLength: 1,
    maxLength: 80,
  })
  .map((specs) => {
    let clock = 0;
    const segments: TimedSegment[] = [];
    for (const { text, timing: t, newSegment } of specs) {
      const start = Math.max(0, clock + t.gap);
      const word = { text, start, end: start + t.length };
      clock = Math.max(0, clock + t.gap + t.length);
      const current = segments.at(-1);
      if (!current || newSegment) {
        segments.push({ start: word.start, end: word.end, text: "", words: [] });
      }
      const segment = segments.at(-1) as TimedSegment;
      segment.words?.push(word);
      segment.text += text;
      segment.end = Math.max(segment.end, word.end);
    }
    return segments;
  });

function expectWithinLimits(cues: Cue[], options: CueOptions): void {
  cues.forEach((cue, i) => {
    expect(cue.index).toBe(i + 1);
    expect(Number.isInteger(cue.start) && Number.isInteger(cue.end)).toBe(true);
    expect(cue.start).toBeGreaterThanOrEqual(0);
    const duration = cue.end - cue.start;
    expect(duration).toBeGreaterThanOrEqual(options.minDurationMs);
    expect(duration).toBeLessThanOrEqual(options.maxDurationMs);
    const next = cues[i + 1];
    if (next) expect(next.start - cue.end).toBeGreaterThanOrEqual(options.minGapMs);
    const text = joinLines(cue.text);
    const cjkCue = isCjkLanguage(options.language) || isCjkText(text);
    const perSecond = cjkCue ? options.cjkMaxCharsPerSecond : options.maxCharsPerSecond;
    expect((displayLength(text) * 1000) / duration).toBeLessThanOrEqual(perSecond + 1e-9);
    const lines = cue.text.split("\n");
    expect(lines.length).toBeLessThanOrEqual(options.maxLines);
    for (const line of lines) {
      const limit =
        isCjkLanguage(options.language) || (isCjkText(line) && !/[a-z]/i.test(line))
          ? options.cjkMaxCharsPerLine
          : Math.max(options.maxCharsPerLine, options.cjkMaxCharsPerLine);
      expect(displayLength(line)).toBeLessThanOrEqual(limit);
    }
  });
}

function expectValidFiles(cues: Cue[]): void {
  const vtt = new WebVTTParser().parse(writeVtt(cues), "metadata");
  expect(vtt.errors).toEqual([]);
  expect(
    vtt.cues.map((cue) => [Math.round(cue.startTime * 1000), Math.round(cue.endTime * 1000)]),
  ).toEqual(cues.map((cue) => [cue.start, cue.end]));
  const srt = readSrt(writeSrt(cues));
  expect(srt.map((cue) => [cue.start, cue.end])).toEqual(cues.map((cue) => [cue.start, cue.end]));
}

describe("cues keep their preset's limits under hostile timings", () => {
  const cases: [StyleName, string | null][] = STYLE_NAMES.flatMap((style) =>
    [null, "en", "zh", "ja"].map((language): [StyleName, string | null] => [style, language]),
  );

  it.each(cases)("%s preset, language %s", (style, language) => {
    const options = resolveCueOptions({ style, language });
    fc.assert(
      fc.property(hostileSegments, (segments) => {
        const cues = buildCues(segments, options);
        expectWithinLimits(cues, options);
        expectValidFiles(cues);
      }),
      { numRuns: 150 },
    );
  });

  it("never shows one word longer than the maximum, however long the model says it lasts", () => {
    const cues = buildCues([
      {
        start: 0,
        end: 600_000,
        text: " Hello",
        words: [{ text: " Hello", start: 0, end: 600_000 }],
      },
    ]);
    expect(cues).toHaveLength(1);
    expect(cues[0]!.end - cues[0]!.start).toBe(7000);
  });

  it("drops a comma or full stop at a Chinese line's end in the Netflix preset only", () => {
    const words = ["我需要知道，", "發生了什麼事。"].map((text, i) => ({
      text,
      start: i * 1500,
      end: i * 1500 + 1400,
    }));
    const segments = [{ start: 0, end: 3000, text: words.map((w) => w.text).join(""), words }];
    const netflix = buildCues(segments, { style: "netflix", language: "zh" });
    expect(netflix.map((cue) => cue.text).join("\n")).not.toMatch(/[，。]$|[，。]\n/);
    const standard = buildCues(segments, { style: "standard", language: "zh" });
    expect(standard.map((cue) => cue.text).join("")).toContain("。");
  });
});
