import {
  displayLength,
  isCjkLanguage,
  isCjkText,
  joinLines,
  type Cue,
  type Word,
} from "@verbatim/subtitles";
import type { CueOptions } from "./cue-options.js";

/** A cue before its timing is settled: times of its first and last word. */
export interface DraftCue {
  start: number;
  end: number;
  text: string;
  words: Word[];
  /** The one speaker of the cue's words, when diarized. */
  speaker?: string;
}

/**
 * Settles cue times so that every cue keeps the preset's promises whatever timings the model
 * gave (zero-length, overlapping, out of order, minutes long):
 * - a cue starts with its speech, after the previous cue's end plus the minimum gap;
 * - it stays on screen at least the minimum duration and long enough to be read at the
 *   preset's characters per second, by extending into the free time after it — and when the
 *   next cue's speech comes too soon, that cue waits (a cue is never shortened below what can
 *   be read, and cues never overlap);
 * - it never stays longer than the maximum duration, even when one word's timing says it
 *   lasts minutes.
 * Times are whole milliseconds; cues are numbered from 1.
 */
export function settleTimings(drafts: readonly DraftCue[], options: CueOptions): Cue[] {
  const cues: Cue[] = [];
  let earliest = 0; // where the next cue may start: the previous end plus the gap
  for (const draft of drafts) {
    const spoken = speechSpan(draft);
    const start = Math.max(spoken.start, earliest);
    const needed = Math.min(options.maxDurationMs, readableMs(draft.text, options));
    const natural = Math.min(spoken.end, start + options.maxDurationMs);
    const end = Math.max(natural, start + needed, start + 1);
    const cue: Cue = { index: cues.length + 1, start, end, text: draft.text };
    if (draft.words.length > 0) cue.words = draft.words;
    if (draft.speaker !== undefined) cue.speaker = draft.speaker;
    cues.push(cue);
    earliest = end + options.minGapMs;
  }
  return cues;
}

/** The shortest time on screen that lets the text be read: the minimum, or its reading time. */
export function readableMs(text: string, options: CueOptions): number {
  const joined = joinLines(text);
  const cjk = isCjkLanguage(options.language) || isCjkText(joined);
  const perSecond = cjk ? options.cjkMaxCharsPerSecond : options.maxCharsPerSecond;
  return Math.max(options.minDurationMs, Math.ceil((displayLength(joined) * 1000) / perSecond));
}

/** A draft's times as whole, non-negative, ordered milliseconds (NaN and negatives → 0). */
function speechSpan(draft: DraftCue): { start: number; end: number } {
  const clean = (ms: number) => (Number.isFinite(ms) && ms > 0 ? Math.round(ms) : 0);
  const start = clean(draft.start);
  return { start, end: Math.max(start, clean(draft.end)) };
}
