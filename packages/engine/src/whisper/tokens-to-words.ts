import type { Word } from "@verbatim/subtitles";

/** A decoded token with its times (ms) as whisper.cpp reports it. */
export interface TimedToken {
  text: string;
  id: number;
  p: number;
  from?: number;
  to?: number;
}

const SPECIAL = /^\[_?[A-Z_]+_?\d*\]$|^<\|.*\|>$/; // [_BEG_], [_TT_123], <|en|>

/** Whether a token is one of whisper's control tokens rather than text. */
export function isSpecialToken(text: string): boolean {
  return SPECIAL.test(text);
}

/**
 * Joins whisper tokens into words: a token that starts with a space begins a new word.
 * Byte-level tokens can split one CJK character across tokens, so their texts need not be
 * valid UTF-8; when the joined tokens do not spell the segment text, the segment's
 * characters are spread over the tokens' time span instead.
 */
export function tokensToWords(tokens: readonly TimedToken[], segmentText: string): Word[] {
  const timed = tokens.filter(
    (t) => !isSpecialToken(t.text) && t.from !== undefined && t.to !== undefined && t.text !== "",
  );
  if (timed.length === 0) return [];
  const joined = timed.map((t) => t.text).join("");
  if (joined.trim() !== segmentText.trim() || joined.includes("\uFFFD")) {
    return spreadCharacters(segmentText, timed[0]!.from!, timed[timed.length - 1]!.to!);
  }
  const words: Word[] = [];
  let probabilities: number[] = [];
  for (const token of timed) {
    const last = words[words.length - 1];
    const startsWord = !last || /^\s/.test(token.text) || isCjk(token.text);
    if (startsWord) {
      if (last) last.probability = mean(probabilities);
      probabilities = [];
      words.push({ text: token.text, start: token.from!, end: token.to! });
    } else {
      last.text += token.text;
      last.end = Math.max(last.end, token.to!);
    }
    probabilities.push(token.p);
  }
  const last = words[words.length - 1];
  if (last) last.probability = mean(probabilities);
  return words.filter((w) => w.text.trim() !== "").map(fixOrder);
}

/** Gives each character (or spaced word) a share of the span proportional to its length. */
function spreadCharacters(text: string, start: number, end: number): Word[] {
  const pieces = /\s/.test(text.trim()) ? text.trim().split(/(?=\s)/) : Array.from(text.trim());
  const total = pieces.reduce((sum, piece) => sum + piece.trim().length, 0) || 1;
  const span = Math.max(0, end - start);
  let cursor = start;
  return pieces.map((piece) => {
    const length = (span * piece.trim().length) / total;
    const word = { text: piece, start: Math.round(cursor), end: Math.round(cursor + length) };
    cursor += length;
    return word;
  });
}

function fixOrder(word: Word): Word {
  return word.end < word.start ? { ...word, end: word.start } : word;
}

function isCjk(text: string): boolean {
  return /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(text);
}

function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}
