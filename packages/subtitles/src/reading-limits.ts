import type { Cue } from "./cue.js";
import { displayLength, joinLines } from "./text-measure.js";

/** How much text a viewer can read: line sizes, reading speed and time on screen. */
export interface ReadingLimits {
  /** Most characters on one line. */
  maxCharsPerLine: number;
  /** Most lines in one cue. */
  maxLines: number;
  /** Most characters per second of screen time. */
  maxCharsPerSecond: number;
  /** Shortest time on screen, in ms. */
  minDurationMs: number;
  /** Longest time on screen, in ms. */
  maxDurationMs: number;
}

/** Common broadcast limits for spaced scripts (Netflix-style 42 characters × 2 lines). */
export const DEFAULT_READING_LIMITS: Readonly<ReadingLimits> = {
  maxCharsPerLine: 42,
  maxLines: 2,
  maxCharsPerSecond: 17,
  minDurationMs: 1000,
  maxDurationMs: 7000,
};

/** Characters per line for Chinese, Japanese and Korean, whose characters are wide. */
export const CJK_MAX_CHARS_PER_LINE = 16;

/** What a reading check found wrong with one cue. */
export type ReadingIssueCode =
  "LINE_TOO_LONG" | "TOO_MANY_LINES" | "TOO_FAST" | "TOO_SHORT" | "TOO_LONG";

/** One reading problem of a cue, with an English message for logs and tooltips. */
export interface ReadingIssue {
  /** The cue's index. */
  index: number;
  code: ReadingIssueCode;
  message: string;
  /** For LINE_TOO_LONG: the 1-based line number. */
  line?: number;
}

/** Characters shown per second of screen time, counting the text as one line. */
export function charactersPerSecond(cue: Pick<Cue, "start" | "end" | "text">): number {
  const characters = displayLength(joinLines(cue.text));
  const seconds = (cue.end - cue.start) / 1000;
  if (seconds <= 0) return characters === 0 ? 0 : Infinity;
  return characters / seconds;
}

/** Checks a cue against reading limits: line length, line count, speed and duration. */
export function readingIssues(cue: Cue, limits: ReadingLimits): ReadingIssue[] {
  const issues: ReadingIssue[] = [];
  const add = (code: ReadingIssueCode, message: string, line?: number): void => {
    issues.push(
      line === undefined
        ? { index: cue.index, code, message }
        : { index: cue.index, code, message, line },
    );
  };
  const lines = cue.text.split(/\r\n|\r|\n/);
  lines.forEach((line, i) => {
    const length = displayLength(line);
    if (length > limits.maxCharsPerLine) {
      add(
        "LINE_TOO_LONG",
        `Line ${i + 1} has ${length} characters (max ${limits.maxCharsPerLine}).`,
        i + 1,
      );
    }
  });
  if (lines.length > limits.maxLines) {
    add("TOO_MANY_LINES", `The cue has ${lines.length} lines (max ${limits.maxLines}).`);
  }
  const cps = charactersPerSecond(cue);
  if (cps > limits.maxCharsPerSecond) {
    add("TOO_FAST", `${formatRate(cps)} characters per second (max ${limits.maxCharsPerSecond}).`);
  }
  const duration = cue.end - cue.start;
  if (duration < limits.minDurationMs) {
    add("TOO_SHORT", `On screen for ${duration} ms (min ${limits.minDurationMs} ms).`);
  }
  if (duration > limits.maxDurationMs) {
    add("TOO_LONG", `On screen for ${duration} ms (max ${limits.maxDurationMs} ms).`);
  }
  return issues;
}

function formatRate(cps: number): string {
  return Number.isFinite(cps) ? cps.toFixed(1) : "Too many";
}
