import {
  DEFAULT_MIN_GAP_FRAMES,
  formatTimecode,
  gapFix,
  isStrictTimecode,
  minimumGapMs,
  parseTimecode,
  placementFields,
  plainCueText,
  sliceStyled,
  snapToShotChanges,
  toggleStyle,
  type CueAlign,
  type CuePosition,
  type ShotChangeRules,
  type TextStyle,
} from "@verbatim/subtitles";
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
    ...placementFields(s.position, s.align),
    ...(s.words ? { words: s.words } : {}),
    ...(s.speaker ? { speaker: s.speaker } : {}),
    ...(s.mismatches?.length ? { mismatches: s.mismatches } : {}),
    ...(s.translation !== undefined ? { translation: s.translation } : {}),
  }));
}

/** The subtitles to save: numbered from 1 in list order (renumbering after edits). */
export function toSubtitles(cues: readonly EditorCue[]): Subtitle[] {
  return cues.map((c, i) => ({
    id: i + 1,
    startTime: c.start,
    endTime: c.end,
    text: c.text,
    ...placementFields(c.position, c.align),
    ...(c.speaker ? { speaker: c.speaker } : {}),
    ...(c.mismatches?.length ? { mismatches: c.mismatches } : {}),
    ...(c.translation !== undefined ? { translation: c.translation } : {}),
  }));
}

/**
 * The cue at `index` with a style turned on over the shown text's `from`..`to` (the whole cue
 * when they are equal), or off where it already has it (toggleStyle).
 */
export function styleCue(
  cues: readonly EditorCue[],
  index: number,
  style: TextStyle,
  from: number,
  to: number,
): EditorCue[] {
  const cue = cues[index];
  if (!cue) return cues as EditorCue[];
  const text = toggleStyle(cue.text, style, from, to);
  return text === cue.text
    ? (cues as EditorCue[])
    : cues.map((c, i) => (i === index ? { ...c, text } : c));
}

/** The cue at `index` placed at the top or bottom, aligned left, centre or right. */
export function placeCue(
  cues: readonly EditorCue[],
  index: number,
  place: { position?: CuePosition; align?: CueAlign },
): EditorCue[] {
  const cue = cues[index];
  if (!cue) return cues as EditorCue[];
  const placed: EditorCue = { ...cue };
  delete placed.position;
  delete placed.align;
  Object.assign(placed, placementFields(place.position ?? cue.position, place.align ?? cue.align));
  return cues.map((c, i) => (i === index ? placed : c));
}

/** A cue's place, for the half of it a split makes. */
function placementOf(cue: EditorCue): Pick<EditorCue, "position" | "align"> {
  return placementFields(cue.position, cue.align);
}

/** The cue at `index` with its script mismatches checked (dropped). */
export function markChecked(cues: readonly EditorCue[], index: number): EditorCue[] {
  const cue = cues[index];
  if (!cue?.mismatches) return cues as EditorCue[];
  const checked = { ...cue };
  delete checked.mismatches;
  return cues.map((c, i) => (i === index ? checked : c));
}

/** The indexes of the cues whose script mismatches are not yet checked, in order. */
export function uncheckedMismatches(cues: readonly EditorCue[]): number[] {
  return cues.flatMap((cue, index) => (cue.mismatches?.length ? [index] : []));
}

/** The speaker field of a new cue made from `cue` (a split's second half, an insert). */
function sameSpeaker(cue: EditorCue | undefined): Pick<EditorCue, "speaker"> {
  return cue?.speaker ? { speaker: cue.speaker } : {};
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
  gapMs: number = CUE_GAP_MS,
): EditorCue[] {
  const cue = cues[index];
  if (!cue) return cues as EditorCue[];
  // The caret counts the shown (plain) text; each half keeps its styles.
  const text = plainCueText(cue.text);
  const at = caret !== null && caret > 0 && caret < text.length ? caret : middleBoundary(text);
  const first = sliceStyled(cue.text, 0, at);
  const second = sliceStyled(cue.text, at);
  if (first === "" || second === "") return cues as EditorCue[];
  const start = looseMs(cue.start);
  const end = Math.max(start, looseMs(cue.end));
  const [firstLength, secondLength] = [first, second].map((half) => plainCueText(half).length);
  const middle = Math.round(
    start + ((end - start) * firstLength!) / (firstLength! + secondLength!),
  );
  const a: EditorCue = { ...cue, end: formatTimecode(middle), text: first };
  const b: EditorCue = {
    key: newKey,
    start: formatTimecode(middle),
    end: cue.end,
    text: second,
    ...sameSpeaker(cue),
    ...placementOf(cue),
  };
  if (timeMs(cue.end) === null) b.end = formatTimecode(end);
  return [...cues.slice(0, index), ...withGap(a, b, gapMs), ...cues.slice(index + 1)];
}

/**
 * Splits the cue that is on screen at `ms` at that time: the first cue ends there and the new one
 * starts there. The text is divided at the word boundary nearest the share of the cue's time
 * before the split (character-proportional, as speech roughly is); with a single word, the
 * text stays in the first half. No-op when `ms` is not strictly inside a cue with valid times.
 */
export function splitAtTime(
  cues: readonly EditorCue[],
  ms: number,
  newKey: number,
  gapMs: number = CUE_GAP_MS,
): EditorCue[] {
  const index = cues.findIndex((cue) => {
    const start = timeMs(cue.start);
    const end = timeMs(cue.end);
    return start !== null && end !== null && ms > start && ms < end;
  });
  const cue = cues[index];
  if (!cue) return cues as EditorCue[];
  const start = timeMs(cue.start)!;
  const end = timeMs(cue.end)!;
  const share = (ms - start) / (end - start);
  const plain = plainCueText(cue.text);
  const at = boundaryNear(plain, Math.round(plain.length * share));
  const a: EditorCue = { ...cue, end: formatTimecode(ms), text: sliceStyled(cue.text, 0, at) };
  const b: EditorCue = {
    key: newKey,
    start: formatTimecode(ms),
    end: cue.end,
    text: sliceStyled(cue.text, at),
    ...sameSpeaker(cue),
    ...placementOf(cue),
  };
  return [...cues.slice(0, index), ...withGap(a, b, gapMs), ...cues.slice(index + 1)];
}

/**
 * The two halves of a split with the minimum gap between them (gapFix, the rule's owner: the
 * first half ends earlier). Halves with an invalid time, or too short to give, stay as made.
 */
function withGap(a: EditorCue, b: EditorCue, gapMs: number): [EditorCue, EditorCue] {
  const times = spanOf(a);
  const next = spanOf(b);
  if (!times || !next) return [a, b];
  const fix = gapFix(times, next, gapMs);
  if (!fix) return [a, b];
  return "end" in fix
    ? [{ ...a, end: formatTimecode(fix.end) }, b]
    : [a, { ...b, start: formatTimecode(fix.nextStart) }];
}

/** A cue's times in ms, or null while either is not a valid time. */
function spanOf(cue: EditorCue): { start: number; end: number } | null {
  const start = timeMs(cue.start);
  const end = timeMs(cue.end);
  return start === null || end === null ? null : { start, end };
}

/** The whitespace position nearest `target` (the text's end when it has none). */
function boundaryNear(text: string, target: number): number {
  let best = -1;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i] ?? "") && (best < 0 || Math.abs(i - target) < Math.abs(best - target))) {
      best = i;
    }
  }
  // CJK text has no spaces: any character boundary is a word boundary there.
  if (best < 0) return /[\u3000-\u9fff\uac00-\ud7af]/.test(text) ? target : text.length;
  return best;
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

/**
 * Joins a cue with the next one: texts on two lines, times spanning both. A cue has one speaker:
 * the first cue's is kept (the editor says so when the two differed).
 */
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
    ...sameSpeaker(cue.speaker ? cue : next),
  };
  return [...cues.slice(0, index), merged, ...cues.slice(index + 2)];
}

/**
 * The gap insert, split and fix-timing leave between cues when the editor is not told the
 * transcription's own (its preset's frames at its video's rate): two frames at 23.976 fps.
 */
export const CUE_GAP_MS = minimumGapMs(DEFAULT_MIN_GAP_FRAMES);
/** How long a new cue is when there is room. */
export const NEW_CUE_MS = 2000;

/** The shortest gap a new cue is put into; with less room it takes half the cue before. */
const MIN_ROOM_MS = 500;

/** Whether inserting after `index` shortens the cue there (no gap after it to speak of). */
export function insertShortens(cues: readonly EditorCue[], index: number): boolean {
  return cues[index] !== undefined && insertRoom(cues, index) < MIN_ROOM_MS;
}

function insertRoom(cues: readonly EditorCue[], index: number): number {
  const before = cues[index];
  const after = cues[index + 1];
  const from = before ? looseMs(before.end) + CUE_GAP_MS : 0;
  const nextStart = after ? timeMs(after.start) : null;
  return nextStart === null ? Number.POSITIVE_INFINITY : nextStart - CUE_GAP_MS - from;
}

/**
 * Inserts an empty cue after `index` (-1: at the top) without covering another cue: it fills
 * the gap up to the next cue (at most 2 s, leaving the usual gap). With no gap to speak of
 * (under half a second), it takes the second half of the cue before it, which is shortened —
 * a timing change the user asked for, said (insertShortens), undoable, and given back when
 * the new cue is deleted (deleteCue).
 */
export function insertAfter(
  cues: readonly EditorCue[],
  index: number,
  newKey: number,
): EditorCue[] {
  const before = cues[index];
  const beforeEnd = before ? looseMs(before.end) : 0;
  const from = before ? beforeEnd + CUE_GAP_MS : 0;
  const room = insertRoom(cues, index);
  // A cue inserted into a conversation most likely continues the turn before it.
  const cue: EditorCue = { key: newKey, start: "", end: "", text: "", ...sameSpeaker(before) };
  let shortened: EditorCue | null = null;
  if (room >= MIN_ROOM_MS || !before) {
    cue.start = formatTimecode(from);
    cue.end = formatTimecode(from + Math.max(0, Math.min(NEW_CUE_MS, room)));
  } else {
    const beforeStart = looseMs(before.start);
    const middle = Math.round((beforeStart + beforeEnd) / 2);
    shortened = { ...before, end: formatTimecode(middle) };
    cue.start = formatTimecode(middle);
    cue.end = formatTimecode(beforeEnd);
    cue.tookTimeFrom = { key: before.key, end: before.end };
  }
  const head = cues.slice(0, index + 1);
  if (shortened) head[index] = shortened;
  return [...head, cue, ...cues.slice(index + 1)];
}

/** List positions of cues that start before the cue above them ends (both times valid). */
export function overlappingCues(cues: readonly EditorCue[]): Set<number> {
  const overlapping = new Set<number>();
  let latestEnd = Number.NEGATIVE_INFINITY;
  for (const [index, cue] of cues.entries()) {
    const start = timeMs(cue.start);
    const end = timeMs(cue.end);
    if (start === null || end === null) continue;
    if (start < latestEnd) overlapping.add(index);
    latestEnd = Math.max(latestEnd, end);
  }
  return overlapping;
}

/**
 * List positions of cues that start less than the minimum gap after the cue above them ends,
 * without overlapping it (overlappingCues has those).
 */
export function tooCloseCues(cues: readonly EditorCue[], gapMs: number): Set<number> {
  const close = new Set<number>();
  for (let i = 1; i < cues.length; i += 1) {
    const before = spanOf(cues[i - 1]!);
    const cue = spanOf(cues[i]!);
    if (before && cue && cue.start >= before.end && cue.start - before.end < gapMs) close.add(i);
  }
  return close;
}

/**
 * Removes overlaps, and gaps under the minimum (gapFix, the rule's owner), in list order by shortening, never lengthening: a cue that runs into the
 * next one ends a gap before it starts; when that would leave it shorter than half its length,
 * the next cue starts a gap after it ends instead, keeping its own end (whichever of the two
 * keeps more time, when only shortening the next cue would leave it nothing). No cue ever
 * ends later or starts earlier than it did, so each stays within its own neighbours. A pair
 * where neither can be shortened (one cue inside the other, from the same start) and invalid
 * times are left as they are, still marked.
 */
export function fixOverlaps(cues: readonly EditorCue[], gapMs: number = CUE_GAP_MS): EditorCue[] {
  if (overlappingCues(cues).size === 0 && tooCloseCues(cues, gapMs).size === 0) {
    return cues as EditorCue[];
  }
  const result = cues.map((cue) => ({ ...cue }));
  for (let i = 0; i + 1 < result.length; i += 1) {
    const cue = result[i]!;
    const next = result[i + 1]!;
    const times = spanOf(cue);
    const nextTimes = spanOf(next);
    if (!times || !nextTimes) continue;
    const fix = gapFix(times, nextTimes, gapMs);
    if (fix && "end" in fix) cue.end = formatTimecode(fix.end);
    else if (fix) next.start = formatTimecode(fix.nextStart);
  }
  return result.map((cue, i) => {
    const old = cues[i]!;
    return cue.start === old.start && cue.end === old.end ? old : cue;
  });
}

/**
 * Deletes the cue at `index`. A cue inserted into the second half of the one before it gives
 * that time back, while the one before still ends where it starts (neither re-timed since).
 */
export function deleteCue(cues: readonly EditorCue[], index: number): EditorCue[] {
  const removed = cues[index];
  if (!removed) return cues as EditorCue[];
  const kept = [...cues.slice(0, index), ...cues.slice(index + 1)];
  const lender = kept[index - 1];
  const lent = removed.tookTimeFrom;
  if (lent && lender && lender.key === lent.key && lender.end === removed.start) {
    kept[index - 1] = { ...lender, end: lent.end };
  }
  return kept;
}

/**
 * The earliest valid time of any cue, or null when none has one: how far back a shift can go
 * (a shift that would move a time below zero is refused, never clamped into a pile at zero).
 */
export function earliestTime(cues: readonly EditorCue[]): number | null {
  let earliest: number | null = null;
  for (const cue of cues) {
    for (const text of [cue.start, cue.end]) {
      const ms = timeMs(text);
      if (ms !== null && (earliest === null || ms < earliest)) earliest = ms;
    }
  }
  return earliest;
}

/** The latest valid start of any cue, or null when none has one. */
export function latestStart(cues: readonly EditorCue[]): number | null {
  let latest: number | null = null;
  for (const cue of cues) {
    const ms = timeMs(cue.start);
    if (ms !== null && (latest === null || ms > latest)) latest = ms;
  }
  return latest;
}

/**
 * Moves every valid time by `offsetMs`; invalid times are left as typed. A shift that would
 * move any time below zero changes nothing (the caller says why; see earliestTime).
 */
export function shiftAll(cues: readonly EditorCue[], offsetMs: number): EditorCue[] {
  if (offsetMs === 0) return cues as EditorCue[];
  if (offsetMs < 0 && (earliestTime(cues) ?? 0) + offsetMs < 0) return cues as EditorCue[];
  const shift = (text: string): string => {
    const ms = timeMs(text);
    return ms === null ? text : formatTimecode(ms + offsetMs);
  };
  return cues.map((cue) => ({
    ...cue,
    start: shift(cue.start),
    end: shift(cue.end),
    ...(cue.words
      ? {
          words: cue.words.map((w) => ({
            ...w,
            startMs: w.startMs + offsetMs,
            endMs: w.endMs + offsetMs,
          })),
        }
      : {}),
  }));
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

/**
 * Moves cue edges to the shot changes near them by the style guides' rules (snapToShotChanges,
 * the rules' owner): cues with an invalid time are left as typed, the others snapped in order.
 */
export function snapToShots(
  cues: readonly EditorCue[],
  shots: readonly number[],
  options: { frameMs: number; gapMs: number; rules?: ShotChangeRules },
): EditorCue[] {
  const timed = cues.flatMap((cue, index) => {
    const span = spanOf(cue);
    return span ? [{ ...span, index }] : [];
  });
  const snapped = snapToShotChanges(timed, shots, options);
  if (snapped === timed) return cues as EditorCue[];
  const result = [...cues];
  for (const [i, span] of snapped.entries()) {
    if (span === timed[i]) continue;
    const cue = cues[span.index]!;
    result[span.index] = {
      ...cue,
      start: span.start === timed[i]!.start ? cue.start : formatTimecode(span.start),
      end: span.end === timed[i]!.end ? cue.end : formatTimecode(span.end),
    };
  }
  return result;
}
