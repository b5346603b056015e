import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chapterCoverageProblem, chaptersCovering, MIN_CHAPTER_MS } from "./chapters.js";

const at = (start: number, title = `at ${start}`) => ({
  title,
  gist: "",
  citation: { sourceId: "t", cue: 1, start, end: start + 1_000 },
});

describe("chapters", () => {
  it("start at 0:00, end where the next starts, and end with the recording", () => {
    const chapters = chaptersCovering(
      [at(120_000, "b"), at(5_000, "a"), at(400_000, "c")],
      600_000,
      "x",
    );
    expect(chapters.map(({ title, start, end }) => [title, start, end])).toEqual([
      ["a", 0, 120_000],
      ["b", 120_000, 400_000],
      ["c", 400_000, 600_000],
    ]);
  });

  it("merge starts closer than the minimum, and a short tail", () => {
    const chapters = chaptersCovering(
      [at(0, "a"), at(3_000, "dup"), at(100_000, "b"), at(595_000, "tail")],
      600_000,
      "x",
    );
    expect(chapters.map((c) => c.title)).toEqual(["a", "b"]);
    expect(chapters.at(-1)!.end).toBe(600_000);
  });

  it("count the first chapter's length from 0:00, whatever its cue's start", () => {
    // fast-check found it: a first start before 0:00 let the next chapter in 5 s after 0:00.
    const chapters = chaptersCovering([at(-4_999, "a"), at(5_001, "b")], 600_000, "x");
    expect(chapters.map(({ title, start, end }) => [title, start, end])).toEqual([
      ["a", 0, 600_000],
    ]);
  });

  it("cover any recording without gaps or overlaps, whatever the model proposed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: -5_000, max: 11_000_000 }), { maxLength: 40 }),
        (duration, starts) => {
          const chapters = chaptersCovering(
            starts.map((start) => at(start)),
            duration,
            "whole",
          );
          expect(chapterCoverageProblem(chapters, duration)).toBeNull();
          for (const chapter of chapters.slice(0, -1))
            expect(chapter.end - chapter.start).toBeGreaterThanOrEqual(MIN_CHAPTER_MS);
        },
      ),
    );
  });
});
