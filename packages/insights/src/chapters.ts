import type { Citation } from "./citations.js";

/** A chapter of the recording: from `start` to `end` (ms), its title and one-line gist. */
export interface Chapter {
  title: string;
  gist: string;
  start: number;
  end: number;
  /** The cue the chapter starts at (null for the first when it was moved to 0:00). */
  citation: Citation | null;
}

/** A chapter as proposed: its title and gist, and the cue it starts at. */
export interface ChapterStart {
  title: string;
  gist: string;
  citation: Citation;
}

/** Chapters shorter than this are merged into the one before (YouTube asks at least 10 s). */
export const MIN_CHAPTER_MS = 10_000;

/**
 * Turns proposed chapter starts into chapters that cover the whole recording, in order, without
 * gaps or overlaps: the first starts at 0, each ends where the next starts, the last at
 * `durationMs`. Starts are the cited cues' starts (never a time the model made up); two at the
 * same time, or one less than `MIN_CHAPTER_MS` after the one before, are merged into it. With no
 * proposal at all the recording is one chapter named `fallbackTitle`.
 */
export function chaptersCovering(
  proposed: readonly ChapterStart[],
  durationMs: number,
  fallbackTitle: string,
): Chapter[] {
  const ordered = [...proposed]
    .filter((chapter) => chapter.citation.start < durationMs)
    .sort((a, b) => a.citation.start - b.citation.start);
  const kept: ChapterStart[] = [];
  // The first chapter starts at 0:00 whatever its cue's start, so distances count from there.
  const startOf = (chapter: ChapterStart, i: number) =>
    i === 0 ? 0 : Math.max(0, chapter.citation.start);
  for (const chapter of ordered) {
    const last = kept.at(-1);
    if (last && chapter.citation.start - startOf(last, kept.length - 1) < MIN_CHAPTER_MS) continue;
    kept.push(chapter);
  }
  if (kept.length === 0) {
    return [
      { title: fallbackTitle, gist: "", start: 0, end: Math.max(0, durationMs), citation: null },
    ];
  }
  // The last chapter must be long enough too: a short tail joins the chapter before it.
  while (kept.length > 1 && durationMs - kept[kept.length - 1]!.citation.start < MIN_CHAPTER_MS) {
    kept.pop();
  }
  return kept.map((chapter, i) => ({
    title: chapter.title,
    gist: chapter.gist,
    start: i === 0 ? 0 : chapter.citation.start,
    end: i + 1 < kept.length ? kept[i + 1]!.citation.start : durationMs,
    citation: chapter.citation,
  }));
}

/** Whether chapters cover [0, duration] in order with no gap or overlap (what the tests and the edit route check). */
export function chapterCoverageProblem(
  chapters: readonly { start: number; end: number }[],
  durationMs: number,
): string | null {
  if (chapters.length === 0) return "no chapters";
  if (chapters[0]!.start !== 0) return "the first chapter must start at 0:00";
  for (let i = 0; i < chapters.length; i++) {
    const chapter = chapters[i]!;
    if (chapter.end <= chapter.start) return `chapter ${i + 1} ends before it starts`;
    const next = chapters[i + 1];
    if (next && next.start !== chapter.end)
      return `chapter ${i + 2} must start where chapter ${i + 1} ends`;
  }
  if (chapters.at(-1)!.end !== durationMs)
    return "the last chapter must end at the end of the recording";
  return null;
}
