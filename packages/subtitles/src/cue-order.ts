import type { Cue } from "./cue.js";

/** Sorts cues by start, then end, keeping the order of equal ones, and renumbers them from 1. */
export function sortCues(cues: readonly Cue[]): Cue[] {
  return [...cues]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((cue, i) => ({ ...cue, index: i + 1 }));
}
