import type { CheckIssueItem } from "../../api/types";
import type { EditorCue } from "./types";

/**
 * The editor's cues with the quality checks' fixes applied: each subtitle (by its number, its
 * list position plus one, as saved) takes the first fix of each of its fields; a fix that
 * touches a field already fixed waits for the next check. The count says how many were applied.
 */
export function applyCheckFixes(
  cues: readonly EditorCue[],
  issues: readonly CheckIssueItem[],
): { cues: EditorCue[]; count: number } {
  const changes = new Map<number, Partial<Pick<EditorCue, "start" | "end" | "text">>>();
  let count = 0;
  for (const issue of issues) {
    if (!issue.fix) continue;
    const index = issue.subtitle - 1;
    if (!cues[index]) continue;
    const change = changes.get(index) ?? {};
    const wanted = {
      ...(issue.fix.startTime !== undefined ? { start: issue.fix.startTime } : {}),
      ...(issue.fix.endTime !== undefined ? { end: issue.fix.endTime } : {}),
      ...(issue.fix.text !== undefined ? { text: issue.fix.text } : {}),
    };
    if (Object.keys(wanted).some((field) => field in change)) continue;
    changes.set(index, { ...change, ...wanted });
    count += 1;
  }
  const result = cues.map((cue, index) => {
    const change = changes.get(index);
    if (!change) return cue;
    const fixed: EditorCue = { ...cue, ...change };
    // Words belong to the text they were heard as.
    if (change.text !== undefined) delete fixed.words;
    return fixed;
  });
  return { cues: result, count };
}
