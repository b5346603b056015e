import type { Cue } from "./cue.js";

/** What is wrong with a cue's timing or text. */
export type CueIssueCode = "END_BEFORE_START" | "NEGATIVE_TIME" | "OVERLAP" | "EMPTY_TEXT";

/** One problem found in a list of cues, with an English message for logs and tooltips. */
export interface CueIssue {
  /** The index of the cue at fault. */
  index: number;
  code: CueIssueCode;
  message: string;
}

/**
 * Finds cues that end before (or when) they start, have negative times, overlap the cue
 * before them in time order, or have no text.
 */
export function validateCues(cues: readonly Cue[]): CueIssue[] {
  const issues: CueIssue[] = [];
  for (const cue of cues) {
    if (cue.start < 0 || cue.end < 0) {
      issues.push({
        index: cue.index,
        code: "NEGATIVE_TIME",
        message: `Cue ${cue.index} has a negative time.`,
      });
    }
    if (cue.end <= cue.start) {
      issues.push({
        index: cue.index,
        code: "END_BEFORE_START",
        message: `Cue ${cue.index} ends before or when it starts.`,
      });
    }
    if (cue.text.trim() === "") {
      issues.push({
        index: cue.index,
        code: "EMPTY_TEXT",
        message: `Cue ${cue.index} has no text.`,
      });
    }
  }
  const byStart = [...cues].sort((a, b) => a.start - b.start || a.end - b.end);
  let latest: Cue | undefined;
  for (const cue of byStart) {
    if (latest && cue.start < latest.end) {
      issues.push({
        index: cue.index,
        code: "OVERLAP",
        message: `Cue ${cue.index} starts before cue ${latest.index} ends.`,
      });
    }
    if (!latest || cue.end > latest.end) latest = cue;
  }
  return issues;
}
