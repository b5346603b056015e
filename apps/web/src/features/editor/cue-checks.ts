import {
  charactersPerSecond,
  DEFAULT_STYLE,
  displayLength,
  isCjkLanguage,
  isCjkText,
  plainCueText,
  readingIssues,
  styleLimits,
  type ReadingIssueCode,
  type ReadingLimits,
  type StyleName,
} from "@verbatim/subtitles";
import { timeMs } from "./cue-operations";
import type { EditorCue, TimeField } from "./types";

/** What is wrong with a cue's times: a malformed time, or an end before the start. */
export type TimeProblem = "format" | "order";

export function timeProblem(cue: EditorCue, field: TimeField): TimeProblem | null {
  const value = timeMs(cue[field]);
  if (value === null) return "format";
  if (field === "end") {
    const start = timeMs(cue.start);
    if (start !== null && value < start) return "order";
  }
  return null;
}

/** The first cue (list position) whose times cannot be saved, with the problem. */
export function firstTimeProblem(
  cues: readonly EditorCue[],
): { index: number; field: TimeField; problem: TimeProblem } | null {
  for (const [index, cue] of cues.entries()) {
    for (const field of ["start", "end"] as const) {
      const problem = timeProblem(cue, field);
      if (problem) return { index, field, problem };
    }
  }
  return null;
}

/**
 * Readability warnings for a cue, each code once; none while its times are invalid. The limits
 * are the style preset's the transcription was built to (the cue builder's own numbers), for
 * its language, or for CJK text in any language.
 */
export function readingWarnings(
  cue: EditorCue,
  language: string | null,
  style: StyleName = DEFAULT_STYLE,
): ReadingIssueCode[] {
  const start = timeMs(cue.start);
  const end = timeMs(cue.end);
  if (start === null || end === null || cue.text.trim() === "") return [];
  const limits = limitsFor(cue, language, style);
  const text = plainCueText(cue.text);
  const codes = readingIssues({ index: 0, start, end, text }, limits).map((i) => i.code);
  return [...new Set(codes)];
}

/** The list position of the cue on screen at `ms`, or -1. */
export function cueAt(cues: readonly EditorCue[], ms: number): number {
  return cues.findIndex((cue) => {
    const start = timeMs(cue.start);
    const end = timeMs(cue.end);
    return start !== null && end !== null && ms >= start && ms < end;
  });
}

/** The style preset's limits for a cue's language (or for CJK text in any language). */
function limitsFor(cue: EditorCue, language: string | null, style: StyleName): ReadingLimits {
  return styleLimits(style, isCjkText(cue.text) && !isCjkLanguage(language) ? "zh" : language);
}

/** A cue's numbers as a subtitler reads them: reading speed and each line's length. */
export interface ReadingStats {
  /** Characters per second, null while a time is invalid or the cue has no duration. */
  cps: number | null;
  lineLengths: number[];
  limits: ReadingLimits;
}

export function readingStats(
  cue: EditorCue,
  language: string | null,
  style: StyleName = DEFAULT_STYLE,
): ReadingStats {
  const start = timeMs(cue.start);
  const end = timeMs(cue.end);
  const lineLengths = plainCueText(cue.text)
    .split(/\r\n|\r|\n/)
    .map((line) => displayLength(line));
  const cps =
    start === null || end === null || end <= start
      ? null
      : charactersPerSecond({ start, end, text: plainCueText(cue.text) });
  return { cps, lineLengths, limits: limitsFor(cue, language, style) };
}
