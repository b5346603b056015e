import { describe, expect, it } from "vitest";
import { bilingualCues, translationTrack, withTranslations } from "./bilingual.js";
import { displayLength } from "./text-measure.js";
import type { Cue } from "./cue.js";

const zh: Cue[] = [
  { index: 1, start: 0, end: 2000, text: "各位觀眾晚上好" },
  { index: 2, start: 2000, end: 5000, text: "今日嘅新聞有以下幾項重點", speaker: "S2" },
];

describe("bilingual subtitles", () => {
  it("puts each translated cue on the transcript cue it overlaps most, joined in order", () => {
    const english: Cue[] = [
      { index: 1, start: 100, end: 1900, text: "Good evening," },
      { index: 2, start: 1900, end: 3000, text: "everyone." },
      { index: 3, start: 3100, end: 4900, text: "Here is today's\nnews." },
    ];
    const cues = withTranslations(zh, english);
    expect(cues.map((cue) => [cue.start, cue.end, cue.text, cue.translation])).toEqual([
      [0, 2000, "各位觀眾晚上好", "Good evening,"],
      [2000, 5000, "今日嘅新聞有以下幾項重點", "everyone. Here is today's news."],
    ]);
    expect(cues[1]?.speaker).toBe("S2");
  });

  it("writes two-line cues, each language within its own line limit", () => {
    const cues = bilingualCues(
      [{ ...zh[0]!, translation: "Good evening, everyone, and welcome to the evening news." }],
      {
        original: { maxCharsPerLine: 16, maxLines: 1, language: "zh" },
        translation: { maxCharsPerLine: 42, maxLines: 2, language: "en" },
      },
    );
    const [original, ...english] = cues[0]!.text.split("\n");
    expect(original).toBe("各位觀眾晚上好");
    expect(english.join(" ")).toBe("Good evening, everyone, and welcome to the evening news.");
    expect(english.length).toBe(2);
    for (const line of english) expect(displayLength(line)).toBeLessThanOrEqual(42);
  });

  it("writes the translation alone as its own track", () => {
    const track = translationTrack([{ ...zh[0]!, translation: "Good evening." }, zh[1]!]);
    expect(track).toEqual([{ index: 1, start: 0, end: 2000, text: "Good evening." }]);
  });
});
