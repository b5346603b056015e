import { diffArrays } from "diff";
import type { Cue, ScriptMismatch, Word } from "../cue.js";
import { keepMinimumGap } from "../minimum-gap.js";
import {
  scriptTokens,
  heardTokens,
  type HeardToken,
  type ScriptToken,
} from "./alignment-tokens.js";

/** An imported cue re-timed: its text as imported, its times from the speech, its mismatches. */
export type RetimedCue = Cue;

/** The result of a re-timing. */
export interface Retiming {
  cues: RetimedCue[];
  /** Script tokens matched to a recognised token, of all script tokens (0..1). */
  matchedShare: number;
  /** Every mismatch, in media order (each also on its cue). */
  mismatches: ScriptMismatch[];
}

export interface RetimeOptions {
  /** The media's length (ms): no cue reaches past it. */
  durationMs: number;
  /** Shortest time a cue is shown, when the next cue leaves room (default 700 ms). */
  minCueMs?: number;
  /**
   * Least time between one cue's end and the next one's start (ms), kept by shortening
   * (minimum-gap.ts); default 0.
   */
  minGapMs?: number;
  /** Give up aligning after this long and spread the cues instead (default 10 s). */
  timeoutMs?: number;
}

/** A token's time as the alignment gives it. */
interface Span {
  start: number;
  end: number;
}

/**
 * Re-times imported cues to recognised words. The script and the speech are aligned as two
 * sequences of tokens (words; characters for Chinese and Japanese) by a shortest edit script
 * (Myers' diff); a script token matched to a recognised one takes its time, and the script
 * tokens between two matches share the time between them (the unmatched speech there, or the
 * gap), by length. A cue runs from its first token's start to its last token's end. The cues'
 * text is never changed. Where the sequences differ, a mismatch is reported on the cue.
 */
export function retimeCues(
  cues: readonly Cue[],
  words: readonly Word[],
  options: RetimeOptions,
): Retiming {
  const script = scriptTokens(cues);
  const heard = heardTokens(words);
  const spans: (Span | undefined)[] = new Array(script.length);
  const mismatchesOf = new Map<number, ScriptMismatch[]>();
  const all: ScriptMismatch[] = [];
  let matched = 0;

  const changes = diffArrays(
    script.map((token) => token.key),
    heard.map((token) => token.key),
    { timeout: options.timeoutMs ?? 10_000 },
  ) ?? [
    { value: script.map((token) => token.key), removed: true, added: false, count: script.length },
  ];

  // Walk the edit script: runs of matches, and the gaps between them.
  let s = 0;
  let h = 0;
  let gapScript: number[] = [];
  let gapHeard: number[] = [];
  const closeGap = () => {
    if (gapScript.length === 0 && gapHeard.length === 0) return;
    const before = lastEnd(spans, s - gapScript.length, heard, h - gapHeard.length);
    const after = heard[h]?.start ?? Math.max(before, options.durationMs);
    const bounds =
      gapHeard.length > 0
        ? { start: heard[gapHeard[0]!]!.start, end: heard[gapHeard.at(-1)!]!.end }
        : { start: before, end: Math.max(before, after) };
    shareByLength(
      gapScript.map((i) => script[i]!),
      bounds,
    ).forEach((span, k) => (spans[gapScript[k]!] = span));
    const mismatch: ScriptMismatch = {
      script: gapScript.map((i) => script[i]!.text).join(joiner(gapScript.map((i) => script[i]!))),
      heard: gapHeard.map((i) => heard[i]!.text).join(joiner(gapHeard.map((i) => heard[i]!))),
      start: bounds.start,
      end: bounds.end,
    };
    const cue = gapScript.length > 0 ? script[gapScript[0]!]!.cue : nearestCue(script, s);
    if (cue !== undefined) {
      all.push(mismatch);
      mismatchesOf.set(cue, [...(mismatchesOf.get(cue) ?? []), mismatch]);
    }
    gapScript = [];
    gapHeard = [];
  };
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (change.removed) {
      for (let k = 0; k < count; k++) gapScript.push(s++);
    } else if (change.added) {
      for (let k = 0; k < count; k++) gapHeard.push(h++);
    } else {
      closeGap();
      for (let k = 0; k < count; k++) {
        const token = heard[h++]!;
        spans[s++] = { start: token.start, end: token.end };
        matched += 1;
      }
    }
  }
  closeGap();

  const timed = cueTimes(cues, script, spans, options);
  return {
    cues: cues.map((cue, i) => {
      const mismatches = mismatchesOf.get(i);
      return { ...cue, ...timed[i]!, ...(mismatches ? { mismatches } : {}) };
    }),
    matchedShare: script.length === 0 ? 0 : matched / script.length,
    mismatches: all.sort((a, b) => a.start - b.start),
  };
}

/** The end of the last token placed before this point (0 at the start). */
function lastEnd(
  spans: readonly (Span | undefined)[],
  scriptAt: number,
  heard: readonly HeardToken[],
  heardAt: number,
): number {
  const fromScript = scriptAt > 0 ? (spans[scriptAt - 1]?.end ?? 0) : 0;
  const fromHeard = heardAt > 0 ? (heard[heardAt - 1]?.end ?? 0) : 0;
  return Math.max(fromScript, fromHeard);
}

/** Spreads a span over tokens by their length. */
function shareByLength(tokens: readonly ScriptToken[], span: Span): Span[] {
  const total = tokens.reduce((sum, token) => sum + token.key.length, 0) || 1;
  let at = 0;
  return tokens.map((token) => {
    const start = span.start + ((span.end - span.start) * at) / total;
    at += token.key.length;
    return {
      start: Math.round(start),
      end: Math.round(span.start + ((span.end - span.start) * at) / total),
    };
  });
}

/** The cue a stretch of speech outside the script is reported on: the one before it, or the first. */
function nearestCue(script: readonly ScriptToken[], scriptAt: number): number | undefined {
  return (script[scriptAt - 1] ?? script[scriptAt])?.cue;
}

/** How tokens are joined back for a report: with spaces, except between CJK characters. */
function joiner(tokens: readonly { text: string }[]): string {
  return tokens.every(
    (token) =>
      [...token.text].length === 1 &&
      /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u.test(token.text),
  )
    ? ""
    : " ";
}

/**
 * Each cue's start and end from its tokens; a cue with no tokens (music notes, punctuation)
 * sits between its neighbours. Cues keep their order without overlapping, each shown at least
 * minCueMs where the next leaves room, none past the media's end, with the minimum gap kept.
 */
function cueTimes(
  cues: readonly Cue[],
  script: readonly ScriptToken[],
  spans: readonly (Span | undefined)[],
  options: RetimeOptions,
): Span[] {
  const minCue = options.minCueMs ?? 700;
  const own: (Span | undefined)[] = cues.map(() => undefined);
  script.forEach((token, i) => {
    const span = spans[i];
    if (!span) return;
    const current = own[token.cue];
    own[token.cue] = current
      ? { start: Math.min(current.start, span.start), end: Math.max(current.end, span.end) }
      : { ...span };
  });
  const limit = Math.max(0, options.durationMs);
  const times: Span[] = [];
  for (let i = 0; i < cues.length; i++) {
    const previousEnd = times[i - 1]?.end ?? 0;
    const nextStart = own.slice(i + 1).find((span) => span !== undefined)?.start ?? limit;
    const span = own[i] ?? { start: previousEnd, end: Math.max(previousEnd, nextStart) };
    const start = Math.min(Math.max(span.start, previousEnd), limit);
    const room = Math.max(start, Math.min(nextStart, limit));
    const end = Math.min(Math.max(span.end, start + minCue), Math.max(room, span.end), limit);
    times.push({ start, end: Math.max(start, end) });
  }
  return options.minGapMs ? keepMinimumGap(times, options.minGapMs) : times;
}
