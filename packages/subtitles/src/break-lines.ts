import {
  breakCost,
  findBreakPoints,
  layOut,
  type LineBreak,
  type LineText,
} from "./break-points.js";
import { lineBalanceCost } from "./line-costs.js";

/** How long and how many lines a cue may have. */
export interface LineLimits {
  /** Most characters (code points) on one line. */
  maxCharsPerLine: number;
  /** Most lines in one cue. */
  maxLines: number;
  /** The language (ISO 639-1), for its function words and for finding CJK words. */
  language?: string | null;
}

/**
 * Breaks text into as few lines as fit `maxCharsPerLine` (at most `maxLines`), choosing
 * among the ways to do so the one that best keeps phrases together (no line ending on "the"
 * or "of", no name or number torn from its unit, breaks after punctuation preferred) while
 * keeping the lines roughly balanced. Spaced scripts break only at spaces; Chinese and
 * Japanese between words, as Intl.Segmenter finds them (or the given pieces), never before
 * closing punctuation. Text that cannot fit comes back as the `maxLines` lines with the
 * shortest longest line, leaving the caller to split the cue.
 */
export function breakLines(text: LineText, limits: LineLimits): string[] {
  const layout = layOut(text, limits.language);
  const { chars } = layout;
  if (chars.length === 0) return [];
  const maxChars = Math.max(1, Math.floor(limits.maxCharsPerLine));
  const maxLines = Math.max(1, Math.floor(limits.maxLines));
  if (chars.length <= maxChars || maxLines === 1) return [chars.join("")];
  const points = findBreakPoints(layout, maxChars);
  const needed = linesNeeded(points, chars.length, maxChars);
  const lineCount = Math.min(needed, maxLines, points.length + 1);
  const cap = needed <= maxLines ? maxChars : shortestLongest(points, chars.length, lineCount);
  const costs = points.map((point) => breakCost(layout, point, limits.language));
  const result: string[] = [];
  let from = 0;
  for (const index of planLines(points, costs, chars.length, lineCount, cap)) {
    const point = points[index];
    if (!point) continue;
    result.push(chars.slice(from, point.end).join(""));
    from = point.start;
  }
  result.push(chars.slice(from).join(""));
  return result;
}

/**
 * Whether text can be broken into at most `maxLines` lines of at most `maxCharsPerLine`
 * under the same rules as breakLines; cheaper, as filling each line greedily suffices.
 */
export function fitsLines(text: LineText, limits: LineLimits): boolean {
  const layout = layOut(text, limits.language);
  const maxChars = Math.max(1, Math.floor(limits.maxCharsPerLine));
  const maxLines = Math.max(1, Math.floor(limits.maxLines));
  const length = layout.chars.length;
  if (length <= maxChars) return true;
  return linesNeeded(findBreakPoints(layout, maxChars), length, maxChars) <= maxLines;
}

/** The fewest lines of at most maxChars (filled greedily); Infinity when a stretch is longer. */
function linesNeeded(points: readonly LineBreak[], length: number, maxChars: number): number {
  let from = 0;
  let lines = 1;
  let reach: LineBreak | undefined;
  for (const point of points) {
    if (point.end - from <= maxChars) {
      reach = point;
      continue;
    }
    if (!reach) return Infinity;
    from = reach.start;
    lines += 1;
    reach = point.end - from <= maxChars ? point : undefined;
    if (!reach) return Infinity;
  }
  if (length - from <= maxChars) return lines;
  return reach && length - reach.start <= maxChars ? lines + 1 : Infinity;
}

/** The length of a line running from after break `from` (-1: the start) to break `to`. */
function lineLengths(points: readonly LineBreak[], length: number) {
  const last = points.length;
  return (from: number, to: number): number =>
    (to === last ? length : (points[to]?.end ?? length)) -
    (from < 0 ? 0 : (points[from]?.start ?? 0));
}

/** The shortest possible longest line when splitting into exactly `lineCount` lines. */
function shortestLongest(points: readonly LineBreak[], length: number, lineCount: number): number {
  const last = points.length;
  const lineLength = lineLengths(points, length);
  let worst = Array.from({ length: last + 1 }, (_, j) => lineLength(-1, j));
  for (let m = 2; m <= lineCount; m += 1) {
    const next = new Array<number>(last + 1).fill(Infinity);
    for (let j = m - 1; j <= last; j += 1) {
      for (let i = m - 2; i < j; i += 1) {
        const candidate = Math.max(worst[i] ?? Infinity, lineLength(i, j));
        if (candidate < (next[j] ?? Infinity)) next[j] = candidate;
      }
    }
    worst = next;
  }
  return worst[last] ?? length;
}

/**
 * The breaks splitting text into exactly `lineCount` lines of at most `cap` characters at
 * the least total cost: the breaks' own costs plus how unevenly the lines are filled.
 */
function planLines(
  points: readonly LineBreak[],
  costs: readonly number[],
  length: number,
  lineCount: number,
  cap: number,
): number[] {
  const last = points.length;
  const lineLength = lineLengths(points, length);
  const mean = length / lineCount;
  const lineCost = (from: number, to: number): number => {
    const size = lineLength(from, to);
    if (size > cap) return Infinity;
    return lineBalanceCost(size, mean, cap) + (to === last ? 0 : (costs[to] ?? 0));
  };
  // best[j]: least cost of the lines so far with the latest ending at break j.
  let best = Array.from({ length: last + 1 }, (_, j) => lineCost(-1, j));
  const parents: number[][] = [];
  for (let m = 2; m <= lineCount; m += 1) {
    const next = new Array<number>(last + 1).fill(Infinity);
    const parent = new Array<number>(last + 1).fill(-1);
    for (let j = m - 1; j <= last; j += 1) {
      for (let i = m - 2; i < j; i += 1) {
        const cost = (best[i] ?? Infinity) + lineCost(i, j);
        if (cost < (next[j] ?? Infinity)) {
          next[j] = cost;
          parent[j] = i;
        }
      }
    }
    parents.push(parent);
    best = next;
  }
  const breaks: number[] = [];
  let j = last;
  for (let m = parents.length - 1; m >= 0; m -= 1) {
    j = parents[m]?.[j] ?? -1;
    if (j < 0) return [];
    breaks.unshift(j);
  }
  return breaks;
}
