import { cuesFromPlainText, formatTimecode, writeTxt, type Cue } from "@verbatim/subtitles";
import { timeMs } from "./cue-operations";
import type { EditorCue } from "./types";

/** The plain view's text: cue texts separated by blank lines. */
export function toPlainText(cues: readonly EditorCue[]): string {
  return writeTxt(cues.map((cue, i) => ({ index: i + 1, start: 0, end: 0, text: cue.text })));
}

/**
 * Turns the plain view's text back into cues (spec §4): each paragraph becomes a cue reusing
 * the timing of the cue at its position (times kept as typed), else 00:00:00,000–00:00:05,000.
 */
export function fromPlainText(
  text: string,
  previous: readonly EditorCue[],
  nextKey: number,
): EditorCue[] {
  const asCues: Cue[] = previous.map((cue, i) => ({
    index: i + 1,
    start: timeMs(cue.start) ?? 0,
    end: timeMs(cue.end) ?? 0,
    text: cue.text,
  }));
  return cuesFromPlainText(text, asCues).map((cue, i) => {
    const old = previous[i];
    return old
      ? { ...old, text: cue.text }
      : {
          key: nextKey + i,
          start: formatTimecode(cue.start),
          end: formatTimecode(cue.end),
          text: cue.text,
        };
  });
}

/** The plain text as it reads back after conversion (blank-line paragraphs, trimmed lines). */
export function normalizePlainText(text: string): string {
  return writeTxt(cuesFromPlainText(text, []));
}
