import { formatTimecode, isStrictTimecode, parseTimecode } from "@verbatim/subtitles";
import type { EditorCue, Subtitle, TimeField } from "./types";

// Pure operations on the editor's cue list. Each returns a new array (or the same one when
// nothing changes); new cues need fresh keys, so callers pass the next free key.

/** The editor's cues for the subtitles the server sent. */
export function fromSubtitles(subtitles: readonly Subtitle[]): EditorCue[] {
  return subtitles.map((s, i) => ({
    key: i + 1,
    start: s.startTime,
    end: s.endTime,
    text: s.text,
  }));
}

/** The subtitles to save: numbered from 1 in list order (renumbering after edits). */
export function toSubtitles(cues: readonly EditorCue[]): Subtitle[] {
  return cues.map((c, i) => ({ id: i + 1, startTime: c.start, endTime: c.end, text: c.text }));
}

/** Milliseconds of a time as typed, or null when it is not a valid time. */
export function timeMs(text: string): number | null {
  return isStrictTimecode(text) ? parseTimecode(text) : null;
}

/** Lenient milliseconds, for operations that must place something (0 when unreadable). */
function looseMs(text: string): number {
  return parseTimecode(text) ?? 0;
}

export function editText(cues: readonly EditorCue[], index: number, text: string): EditorCue[] {
  return update(cues, index, (cue) => (cue.text === text ? cue : { ...cue, text }));
}

/** Sets a start or end time exactly as typed (an invalid time is kept, and shown red). */
export function editTime(
  cues: readonly EditorCue[],
  index: number,
  field: TimeField,
  value: string,
): EditorCue[] {
  return update(cues, index, (cue) => (cue[field] === value ? cue : { ...cue, [field]: value }));
}

/**
 * Splits a cue at a caret position: the text before goes to the first cue, the rest to a new
 * one; the time is split in proportion to characters. With the caret at either end (or none),
 * it splits at the word boundary nearest the middle. No-op when one half would be empty.
 */
export function splitCue(
  cues: readonly EditorCue[],
  index: number,
  caret: number | null,
  newKey: number,
): EditorCue[] {
  const cue = cues[index];
  if (!cue) return cues as EditorCue[];
  const text = cue.text;
  const at = caret !== null && caret > 0 && caret < text.length ? caret : middleBoundary(text);
  const first = text.slice(0, at).trim();
  const second = text.slice(at).trim();
  if (first === "" || second === "") return cues as EditorCue[];
  const start = looseMs(cue.start);
  const end = Math.max(start, looseMs(cue.end));
  const chars = first.length + second.length;
  const middle = Math.round(start + ((end - start) * first.length) / chars);
  const a: EditorCue = { ...cue, end: formatTimecode(middle), text: first };
  const b: EditorCue = { key: newKey, start: formatTimecode(middle), end: cue.end, text: second };
  if (timeMs(cue.end) === null) b.end = formatTimecode(end);
  return [...cues.slice(0, index), a, b, ...cues.slice(index + 1)];
}

/** The whitespace position nearest the middle of a text (the middle itself if it has none). */
export function middleBoundary(text: string): number {
  const middle = Math.floor(text.length / 2);
  let best = -1;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i] ?? "") && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) {
      best = i;
    }
  }
  return best > 0 ? best : middle;
}

/** Joins a cue with the next one: texts on two lines, times spanning both. */
export function mergeWithNext(cues: readonly EditorCue[], index: number): EditorCue[] {
  const cue = cues[index];
  const next = cues[index + 1];
  if (!cue || !next) return cues as EditorCue[];
  const startA = timeMs(cue.start);
  const startB = timeMs(next.start);
  const endA = timeMs(cue.end);
  const endB = timeMs(next.end);
  const merged: EditorCue = {
    key: cue.key,
    start: startA !== null && startB !== null && startB < startA ? next.start : cue.start,
    end: endA !== null && endB !== null && endA > endB ? cue.end : next.end,
    text: [cue.text.trim(), next.text.trim()].filter((t) => t !== "").join("\n"),
  };
  return [...cues.slice(0, index), merged, ...cues.slice(index + 2)];
}

/** Inserts an empty cue after `index` (-1: at the top), 2 s long, within the gap where it fits. */
export function insertAfter(
  cues: readonly EditorCue[],
  index: number,
  newKey: number,
): EditorCue[] {
  const before = cues[index];
  const after = cues[index + 1];
  const start = before ? looseMs(before.end) : 0;
  const nextStart = after ? timeMs(after.start) : null;
  const end =
    nextStart !== null && nextStart > start ? Math.min(start + 2000, nextStart) : start + 2000;
  const cue: EditorCue = {
    key: newKey,
    start: formatTimecode(start),
    end: formatTimecode(end),
    text: "",
  };
  return [...cues.slice(0, index + 1), cue, ...cues.slice(index + 1)];
}

export function deleteCue(cues: readonly EditorCue[], index: number): EditorCue[] {
  if (index < 0 || index >= cues.length) return cues as EditorCue[];
  return [...cues.slice(0, index), ...cues.slice(index + 1)];
}

/** Moves every valid time by `offsetMs`, never below zero; invalid times are left as typed. */
export function shiftAll(cues: readonly EditorCue[], offsetMs: number): EditorCue[] {
  if (offsetMs === 0) return cues as EditorCue[];
  const shift = (text: string): string => {
    const ms = timeMs(text);
    return ms === null ? text : formatTimecode(Math.max(0, ms + offsetMs));
  };
  return cues.map((cue) => ({ ...cue, start: shift(cue.start), end: shift(cue.end) }));
}

/** Orders cues by start time (stable; cues with invalid times keep their place at the end). */
export function sortByStart(cues: readonly EditorCue[]): EditorCue[] {
  const order = (cue: EditorCue) => timeMs(cue.start) ?? Number.POSITIVE_INFINITY;
  return cues
    .map((cue, i) => ({ cue, i }))
    .sort((a, b) => order(a.cue) - order(b.cue) || a.i - b.i)
    .map(({ cue }) => cue);
}

function update(
  cues: readonly EditorCue[],
  index: number,
  change: (cue: EditorCue) => EditorCue,
): EditorCue[] {
  const cue = cues[index];
  if (!cue) return cues as EditorCue[];
  const next = change(cue);
  if (next === cue) return cues as EditorCue[];
  return cues.map((c, i) => (i === index ? next : c));
}
