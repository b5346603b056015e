// Parakeet decodes a whole chunk into one run of tokens; subtitles and live text need segments
// and words. Tokens carry SentencePiece pieces ("▁" = a space, so a word start) with start and
// end times from the TDT durations; a segment closes after sentence-ending punctuation, at a
// pause, or when it grows too long, so the same rule cuts the live and the final segments.
import type { Word } from "@verbatim/subtitles";

import type { NativeParakeetToken } from "../whisper/native-binding.js";
import type { RawSegment } from "./recogniser.js";

/** Where a segment closes. */
export const PARAKEET_SEGMENT_LIMITS = {
  /** A silence at least this long between two tokens closes the segment before it (ms). */
  pauseMs: 800,
  /** A segment never spans more than this (ms); it closes at the next word start after it. */
  maxMs: 15_000,
} as const;

const SENTENCE_END = /[.!?。？！…]["'”’)\]]*$/u;
const WORD_MARK = /\u2581/gu;

/** A token's text: the SentencePiece word mark becomes a space. */
export function pieceText(piece: string): string {
  return piece.replace(WORD_MARK, " ");
}

/** Groups tokens into segments as they arrive; `push` returns a segment when one closes. */
export class ParakeetSegmenter {
  private open: NativeParakeetToken[] = [];

  constructor(private readonly language: string | undefined) {}

  /** Adds a token; returns the segment it closed (the one before it), if any. */
  push(token: NativeParakeetToken): RawSegment | null {
    if (isControlPiece(token.piece)) return null;
    const last = this.open[this.open.length - 1];
    const first = this.open[0];
    const breaks =
      last !== undefined &&
      first !== undefined &&
      token.wordStart &&
      (token.start - last.end >= PARAKEET_SEGMENT_LIMITS.pauseMs ||
        SENTENCE_END.test(pieceText(last.piece).trim()) ||
        token.start - first.start >= PARAKEET_SEGMENT_LIMITS.maxMs);
    const closed = breaks ? this.flush() : null;
    this.open.push(token);
    return closed;
  }

  /** Closes the segment under way (at the end of the chunk). */
  flush(): RawSegment | null {
    const tokens = this.open;
    this.open = [];
    return tokens.length > 0 ? parakeetSegment(tokens, this.language) : null;
  }
}

/** SentencePiece's control pieces (<unk>, <s>, </s>): never text. */
function isControlPiece(piece: string): boolean {
  return /^<[^>]*>$/.test(piece);
}

/** Every segment of a chunk's tokens. */
export function parakeetSegments(
  tokens: readonly NativeParakeetToken[],
  language: string | undefined,
): RawSegment[] {
  const segmenter = new ParakeetSegmenter(language);
  const segments: RawSegment[] = [];
  for (const token of tokens) {
    const closed = segmenter.push(token);
    if (closed) segments.push(closed);
  }
  const last = segmenter.flush();
  if (last) segments.push(last);
  return segments.filter((segment) => segment.text !== "");
}

/** Words from tokens: a word starts at a token with the word mark and ends with its last token. */
export function parakeetWords(tokens: readonly NativeParakeetToken[]): Word[] {
  const words: (Word & { probabilities: number[] })[] = [];
  for (const token of tokens) {
    const text = pieceText(token.piece);
    const last = words[words.length - 1];
    if (!last || token.wordStart) {
      words.push({ text, start: token.start, end: token.end, probabilities: [token.p] });
    } else {
      last.text += text;
      last.end = Math.max(last.end, token.end);
      last.probabilities.push(token.p);
    }
  }
  return words
    .filter((word) => word.text.trim() !== "")
    .map(({ probabilities, ...word }) => ({
      ...word,
      end: Math.max(word.start, word.end),
      probability: probabilities.reduce((a, b) => a + b, 0) / probabilities.length,
    }));
}

function parakeetSegment(
  tokens: readonly NativeParakeetToken[],
  language: string | undefined,
): RawSegment {
  const text = tokens
    .map((t) => pieceText(t.piece))
    .join("")
    .trim();
  const first = tokens[0]!;
  const end = Math.max(...tokens.map((t) => t.end));
  const confidence = tokens.reduce((sum, t) => sum + t.p, 0) / tokens.length;
  const avgLogprob =
    tokens.reduce((sum, t) => sum + Math.log(Math.max(t.p, 1e-9)), 0) / tokens.length;
  return {
    start: first.start,
    end: Math.max(first.start, end),
    text,
    ...(language ? { language } : {}),
    confidence,
    words: parakeetWords(tokens),
    tokens: tokens.map(({ id, piece, p, start, end }) => ({
      id,
      text: pieceText(piece),
      p,
      start,
      end,
    })),
    avgLogprob,
  };
}
