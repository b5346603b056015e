import {
  canBreakBetween,
  isBreakAfterPunctuation,
  isConjunction,
  isNoLineStart,
} from "./line-break-rules.js";
import { joinLines } from "./text-measure.js";

/** How long and how many lines a cue may have. */
export interface LineLimits {
  /** Most characters (code points) on one line. */
  maxCharsPerLine: number;
  /** Most lines in one cue. */
  maxLines: number;
}

/** A place a line may break: the line ends at `end` and the next begins at `start`. */
interface LineBreak {
  end: number;
  start: number;
}

/** A line break with its tie-breaking preference. */
interface BreakPoint extends LineBreak {
  /** Tie-breaker: higher for breaks after punctuation or before a conjunction. */
  bonus: number;
}

/** Which break points a plan uses and how long its longest line is. */
interface LinePlan {
  breaks: number[];
  longest: number;
}

/**
 * Breaks text into as few lines as fit `maxCharsPerLine` (at most `maxLines`), balancing
 * them: the longest line is made as short as possible, then breaks after punctuation and
 * before conjunctions win ties. Spaced scripts break only at spaces; CJK may break between
 * characters but never before closing punctuation. Text that cannot fit still comes back as
 * the best `maxLines` lines, leaving the caller to split the cue.
 */
export function breakLines(text: string, limits: LineLimits): string[] {
  const flat = joinLines(text);
  if (flat === "") return [];
  const chars = Array.from(flat);
  const maxChars = Math.max(1, Math.floor(limits.maxCharsPerLine));
  const maxLines = Math.max(1, Math.floor(limits.maxLines));
  if (chars.length <= maxChars || maxLines === 1) return [flat];
  const points = findBreakPoints(chars).map((point) => withBonus(chars, point));
  let plan: LinePlan = { breaks: [], longest: chars.length };
  for (let lines = 2; lines <= Math.min(maxLines, points.length + 1); lines += 1) {
    plan = planLines(chars.length, points, lines);
    if (plan.longest <= maxChars) break;
  }
  let from = 0;
  const result: string[] = [];
  for (const index of plan.breaks) {
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
export function fitsLines(text: string, limits: LineLimits): boolean {
  const chars = Array.from(joinLines(text));
  const maxChars = Math.max(1, Math.floor(limits.maxCharsPerLine));
  const maxLines = Math.max(1, Math.floor(limits.maxLines));
  if (chars.length <= maxChars) return true;
  let from = 0;
  let lines = 1;
  let reach: LineBreak | undefined;
  for (const point of findBreakPoints(chars)) {
    if (point.end - from <= maxChars) {
      reach = point;
      continue;
    }
    if (!reach || lines >= maxLines) return false;
    from = reach.start;
    lines += 1;
    reach = point.end - from <= maxChars ? point : undefined;
  }
  if (chars.length - from <= maxChars) return true;
  return reach !== undefined && lines < maxLines && chars.length - reach.start <= maxChars;
}

function findBreakPoints(chars: readonly string[]): LineBreak[] {
  const points: LineBreak[] = [];
  for (let i = 1; i < chars.length; i += 1) {
    const before = chars[i - 1] ?? "";
    const after = chars[i] ?? "";
    if (after === " ") continue;
    if (before === " ") {
      if (!isNoLineStart(after)) points.push({ end: i - 1, start: i });
    } else if (canBreakBetween(before, after)) {
      points.push({ end: i, start: i });
    }
  }
  return points;
}

function withBonus(chars: readonly string[], { end, start }: LineBreak): BreakPoint {
  let bonus = isBreakAfterPunctuation(chars[end - 1] ?? "") ? 2 : 0;
  if (start > end) {
    const next =
      chars
        .slice(start, start + 12)
        .join("")
        .split(" ")[0] ?? "";
    if (isConjunction(next.replace(/[^\p{L}]+$/u, ""))) bonus += 1;
  }
  return { end, start, bonus };
}

/** Splits into exactly `lineCount` lines: minimal longest line, then most bonus, then evenest. */
function planLines(length: number, points: readonly BreakPoint[], lineCount: number): LinePlan {
  const last = points.length;
  const lineLength = (from: number, to: number): number =>
    (to === last ? length : (points[to]?.end ?? length)) -
    (from < 0 ? 0 : (points[from]?.start ?? 0));

  // Phase 1: the smallest achievable longest line (line m ends at break j, or at the end).
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
  const longest = worst[last] ?? length;

  // Phase 2: among plans within that longest line, most bonus then least sum of squares.
  const bonusOf = (j: number): number => (j === last ? 0 : (points[j]?.bonus ?? 0));
  let score = Array.from({ length: last + 1 }, (_, j) => {
    const size = lineLength(-1, j);
    return size <= longest
      ? { bonus: bonusOf(j), squares: size * size, path: [] as number[] }
      : null;
  });
  for (let m = 2; m <= lineCount; m += 1) {
    const next: typeof score = new Array(last + 1).fill(null);
    for (let j = m - 1; j <= last; j += 1) {
      for (let i = m - 2; i < j; i += 1) {
        const previous = score[i];
        const size = lineLength(i, j);
        if (!previous || size > longest) continue;
        const bonus = previous.bonus + bonusOf(j);
        const squares = previous.squares + size * size;
        const best = next[j];
        if (!best || bonus > best.bonus || (bonus === best.bonus && squares < best.squares)) {
          next[j] = { bonus, squares, path: [...previous.path, i] };
        }
      }
    }
    score = next;
  }
  return { breaks: score[last]?.path ?? [], longest };
}
