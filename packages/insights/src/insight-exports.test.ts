import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { insightsMarkdown, webvttChapters, youtubeChapters } from "./insight-exports.js";
import type { Insights } from "./summarize.js";

// webvtt-parser is CommonJS without types: the W3C-maintained reference parser.
const { WebVTTParser } = createRequire(import.meta.url)("webvtt-parser") as {
  WebVTTParser: new () => {
    parse(
      input: string,
      mode: "chapters",
    ): { cues: { startTime: number; endTime: number; text: string }[]; errors: unknown[] };
  };
};

const cite = (start: number) => ({ sourceId: "t", cue: 1, start, end: start + 2_000 });
const insights: Insights = {
  version: 1,
  model: "m",
  language: null,
  durationMs: 4_000_000,
  shortSummary: { text: "A *briefing* on bridges.", citations: [cite(3_000)] },
  summary: [{ text: "Made up.", citations: [], unverified: true }],
  chapters: [
    { title: "Opening", gist: "Hello.", start: 0, end: 60_000, citation: cite(1_000) },
    {
      title: "Bridges\nand roads",
      gist: "",
      start: 60_000,
      end: 3_700_000,
      citation: cite(60_000),
    },
    { title: "Q --> A", gist: "", start: 3_700_000, end: 4_000_000, citation: cite(3_700_000) },
  ],
  keyPoints: [],
  quotes: [{ text: "the bridge opens", speaker: "Mayor", citations: [cite(3_000)] }],
  actionItems: [
    { text: "Publish the timetable", owner: "Ann", due: "Friday", citations: [cite(65_000)] },
  ],
  topics: ["bridges"],
  checks: { rejected: 0, regenerated: 0, dropped: 0, sections: 1 },
  tokens: { prompt: 0, output: 0 },
};

describe("insight exports", () => {
  it("YouTube chapters start at 00:00, one line each", () => {
    expect(youtubeChapters(insights.chapters)).toBe(
      "00:00 Opening\n01:00 Bridges and roads\n1:01:40 Q --> A\n",
    );
  });

  it("WebVTT chapters parse as a track covering the recording", () => {
    const parsed = new WebVTTParser().parse(webvttChapters(insights.chapters), "chapters");
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((cue) => [cue.startTime, cue.endTime, cue.text])).toEqual([
      [0, 60, "Opening"],
      [60, 3_700, "Bridges and roads"],
      [3_700, 4_000, "Q → A"],
    ]);
  });

  it("Markdown gives every statement its times and marks the unverified one", () => {
    const md = insightsMarkdown(insights, "Briefing");
    expect(md).toContain("A \\*briefing\\* on bridges. _(00:03)_");
    expect(md).toContain("Made up. _(no source found)_");
    expect(md).toContain("- [ ] Publish the timetable _(01:05)_ (who: Ann; when: Friday)");
  });
});
