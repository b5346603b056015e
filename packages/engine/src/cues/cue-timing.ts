import { displayLength, joinLines, type Cue, type Word } from "@verbatim/subtitles";
import type { CueOptions } from "./cue-options.js";

/** A cue before its timing is settled: times of its first and last word. */
export interface DraftCue {
  start: number;
  end: number;
  text: string;
  words: Word[];
}

/**
 * Settles cue times: cues never overlap and never end at or before their start; a cue too
 * short or too fast to read is stretched into the silence after it, up to maxDurationMs and
 * never past the next cue's start. Cues are numbered from 1.
 */
export function settleTimings(drafts: readonly DraftCue[], options: CueOptions): Cue[] {
  const timed: DraftCue[] = [];
  for (const draft of drafts) {
    const previousEnd = timed.at(-1)?.end ?? -Infinity;
    const start = Math.max(draft.start, previousEnd);
    timed.push({ ...draft, start, end: Math.max(draft.end, start + 1) });
  }
  return timed.map((cue, i) => {
    const nextStart = timed[i + 1]?.start ?? Infinity;
    const readingMs = (displayLength(joinLines(cue.text)) * 1000) / options.maxCharsPerSecond;
    const wanted = cue.start + Math.max(options.minDurationMs, Math.ceil(readingMs));
    const limit = Math.min(cue.start + options.maxDurationMs, nextStart);
    const end = Math.max(cue.end, Math.min(wanted, limit));
    const result: Cue = { index: i + 1, start: cue.start, end, text: cue.text };
    if (cue.words.length > 0) result.words = cue.words;
    return result;
  });
}
