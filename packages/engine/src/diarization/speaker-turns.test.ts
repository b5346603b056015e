import { describe, expect, it } from "vitest";

import type { Segment } from "../pipeline/pipeline-types.js";
import { labelSegments, speakerOf, type SpeakerTurn } from "./speaker-turns.js";

const turns: SpeakerTurn[] = [
  { start: 0, end: 2_000, speaker: "S1" },
  { start: 2_000, end: 4_000, speaker: "S2" },
  { start: 5_000, end: 6_000, speaker: "S1" },
];

const word = (text: string, start: number, end: number) => ({ text, start, end });

describe("speakerOf", () => {
  it("picks the speaker covering most of the span", () => {
    expect(speakerOf(turns, 1_500, 2_200)).toBe("S1");
    expect(speakerOf(turns, 1_900, 2_600)).toBe("S2");
  });
  it("gives a span in a pause the nearest turn's speaker", () => {
    expect(speakerOf(turns, 4_100, 4_300)).toBe("S2");
    expect(speakerOf(turns, 4_800, 4_900)).toBe("S1");
  });
  it("is undefined without turns", () => {
    expect(speakerOf([], 0, 10)).toBeUndefined();
  });
});

describe("labelSegments", () => {
  it("splits a segment where its words change speaker, keeping punctuation with its word", () => {
    const segment: Segment = {
      start: 0,
      end: 4_000,
      text: " Hello there. Hi!",
      words: [
        word(" Hello", 100, 900),
        word(" there.", 1_000, 1_900),
        word(" Hi", 2_100, 2_500),
        word("!", 2_500, 2_600),
      ],
      tokens: [
        { id: 1, text: " Hello", p: 1, start: 100, end: 900 },
        { id: 2, text: " Hi", p: 1, start: 2_100, end: 2_500 },
      ],
    };
    const parts = labelSegments([segment], turns);
    expect(parts.map((p) => [p.speaker, p.start, p.end, p.text])).toEqual([
      ["S1", 0, 1_900, "Hello there."],
      ["S2", 2_100, 4_000, "Hi!"],
    ]);
    expect(parts[1]!.words!.map((w) => w.speaker)).toEqual(["S2", "S2"]);
    expect(parts.map((p) => p.tokens!.map((t) => t.id))).toEqual([[1], [2]]);
  });

  it("labels a segment without words by its overlap and leaves its text alone", () => {
    const [only] = labelSegments([{ start: 1_800, end: 3_900, text: "no words" }], turns);
    expect(only).toMatchObject({ speaker: "S2", text: "no words" });
  });

  it("returns the segments unchanged when there are no turns", () => {
    const segment: Segment = { start: 0, end: 1, text: "x", words: [word("x", 0, 1)] };
    expect(labelSegments([segment], [])).toEqual([segment]);
  });
});
