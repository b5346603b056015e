import { canBreakBetween, isNoLineStart } from "./line-break-rules.js";
import { wordBreakCost } from "./line-costs.js";
import { joinLines } from "./text-measure.js";
import { splitWords } from "./word-segments.js";

/**
 * Text to break into lines: a string, or its words in order, joined as they are, when the
 * caller already knows where words end (so a CJK line breaks only between the pieces).
 */
export type LineText = string | readonly string[];

/** A place a line may break: the line ends at `end` and the next begins at `start`. */
export interface LineBreak {
  end: number;
  start: number;
}

/** Text as characters (code points, whitespace collapsed to single spaces). */
export interface LaidOutText {
  chars: string[];
  /** Whether a word starts at each character: CJK lines may break only there. */
  wordStart: boolean[];
}

const WHITESPACE = /^\s$/u;

/** Lays out text: a string is tidied and split into words, pieces are taken as they are. */
export function layOut(text: LineText, language?: string | null): LaidOutText {
  const pieces = typeof text === "string" ? splitWords(joinLines(text), language) : text;
  const chars: string[] = [];
  const wordStart: boolean[] = [];
  for (const piece of pieces) {
    let first = true;
    for (const raw of piece) {
      const ch = raw === " " || WHITESPACE.test(raw) ? " " : raw;
      if (ch === " " && (chars.length === 0 || chars[chars.length - 1] === " ")) continue;
      chars.push(ch);
      wordStart.push(first);
      first = false;
    }
  }
  if (chars[chars.length - 1] === " ") {
    chars.pop();
    wordStart.pop();
  }
  return { chars, wordStart };
}

/**
 * Where lines may break: at spaces, and between words of CJK text, never putting closing
 * punctuation first or an opening bracket last. A stretch without a break longer than
 * `maxChars` also breaks between its CJK characters (a word longer than a line).
 */
export function findBreakPoints(
  { chars, wordStart }: LaidOutText,
  maxChars = Infinity,
): LineBreak[] {
  const points: LineBreak[] = [];
  let from = 0;
  for (let i = 1; i <= chars.length; i += 1) {
    const before = chars[i - 1] ?? "";
    const after = chars[i] ?? "";
    let point: LineBreak | undefined;
    if (i === chars.length) point = { end: i, start: i };
    else if (after === " ") continue;
    else if (before === " ") {
      if (!isNoLineStart(after)) point = { end: i - 1, start: i };
    } else if (wordStart[i] && canBreakBetween(before, after)) point = { end: i, start: i };
    if (!point) continue;
    if (point.end - from > maxChars) points.push(...characterBreaks(chars, from, point.end));
    if (i < chars.length) points.push(point);
    from = point.start;
  }
  return points;
}

/** What breaking a line here costs (see wordBreakCost), from the words on either side. */
export function breakCost(
  { chars, wordStart }: LaidOutText,
  { end, start }: LineBreak,
  language?: string | null,
): number {
  let from = end - 1;
  while (from > 0 && chars[from - 1] !== " " && !wordStart[from]) from -= 1;
  let to = start + 1;
  while (to < chars.length && chars[to] !== " " && !wordStart[to]) to += 1;
  return wordBreakCost(chars.slice(from, end).join(""), chars.slice(start, to).join(""), language);
}

/**
 * Splits text at every place a line may break (see findBreakPoints; a CJK word longer than
 * `maxChars` between its characters); spaces lead the piece after them.
 */
export function splitAtBreaks(
  text: string,
  language?: string | null,
  maxChars = Infinity,
): string[] {
  const layout = layOut(text, language);
  const pieces: string[] = [];
  let from = 0;
  for (const { end } of findBreakPoints(layout, maxChars)) {
    pieces.push(layout.chars.slice(from, end).join(""));
    from = end;
  }
  if (from < layout.chars.length) pieces.push(layout.chars.slice(from).join(""));
  return pieces;
}

function characterBreaks(chars: readonly string[], from: number, to: number): LineBreak[] {
  const points: LineBreak[] = [];
  for (let i = from + 1; i < to; i += 1) {
    const before = chars[i - 1] ?? "";
    const after = chars[i] ?? "";
    if (before !== " " && after !== " " && canBreakBetween(before, after)) {
      points.push({ end: i, start: i });
    }
  }
  return points;
}
