import {
  cuesWithText,
  plainCueText,
  splitWords,
  stylesOver,
  type Cue,
  type CueAlign,
  type CuePosition,
  type StyledRun,
} from "@verbatim/subtitles";
import type { CaptionFrame } from "./caption-frame.js";
import { captionWidthEms, fitLines, wordPieces } from "./caption-lines.js";
import type { CaptionStyle } from "./caption-styles.js";

// What is on screen when: cues turned into caption events by the style's mode (lines, the
// spoken word highlighted, one word at a time) and its maximum lines. The ASS writer and the
// editor's preview both draw these events, so they show the same thing at the same time.

/**
 * A run of text in a line; `highlight`: drawn in the highlight colour (the word being spoken);
 * `italic`, `bold`, `underline`: the cue's styles there (cue-styling.ts), present when on.
 */
export interface CaptionSpan {
  text: string;
  highlight: boolean;
  italic?: true;
  bold?: true;
  underline?: true;
}

/** One picture of captions, shown from `start` to `end` (ms). */
export interface CaptionEvent {
  start: number;
  end: number;
  /** The cue's speaker id, for speaker colours. */
  speaker: string | undefined;
  /** The lines, each as spans. */
  lines: CaptionSpan[][];
  /** A bilingual cue's translation lines (shown under the lines when the style is bilingual). */
  translation: string[];
  /** The cue's place where it has one (top; left or right), as the subtitles keep it. */
  position?: CuePosition;
  align?: CueAlign;
}

/** A word of a cue: where it is in the cue's text and when it is spoken. */
interface Token {
  from: number;
  to: number;
  start: number;
  end: number;
}

/**
 * The caption events of cues under a style, in time order. With the output `frame`, each cue's
 * lines (and a translation's) are broken to fit its width first (fitLines), so that the
 * style's maximum lines counts the lines on screen and no line needs libass to wrap it.
 */
export function captionEvents(
  cues: readonly Cue[],
  style: CaptionStyle,
  language: string | null = null,
  frame?: CaptionFrame,
): CaptionEvent[] {
  const events: CaptionEvent[] = [];
  const widths = frame ? captionWidthEms(style, frame) : undefined;
  for (const cue of cuesWithText(cues)) {
    if (cue.end <= cue.start) continue;
    // The shown text, broken into lines that fit; the cue's styles carried onto it.
    const written = plainCueText(cue.text).replace(/\r\n?/g, "\n").trim();
    const text =
      widths && style.mode !== "word"
        ? fitLines(written, widths.text, style.bold, language, wordPieces(cue)).join("\n")
        : written;
    const styles = charStyles(stylesOver(cue.text, text));
    const timed = timedTokens(cue, text);
    const tokens = timed ?? estimatedTokens(cue, text, language);
    const translated =
      style.bilingual && cue.translation !== undefined ? cue.translation.trim() : "";
    const translation =
      translated === ""
        ? []
        : widths
          ? fitLines(translated, widths.translation, false, "en")
          : translated.split(/\r?\n/);
    const base = {
      speaker: cue.speaker,
      translation,
      ...(cue.position ? { position: cue.position } : {}),
      ...(cue.align ? { align: cue.align } : {}),
    };
    if (style.mode === "word") {
      tokens.forEach((token, i) => {
        const end = tokens[i + 1]?.start ?? cue.end;
        if (end <= token.start) return;
        const word = text.slice(token.from, token.to).replace(/\s+/g, " ").trim();
        events.push({
          ...base,
          start: token.start,
          end,
          lines: [[{ text: word, highlight: false, ...styleFlags(styles[token.from]) }]],
        });
      });
      continue;
    }
    for (const part of parts(cue, text, tokens, style.maxLines, timed !== null)) {
      const plain = spans(text, styles, part.lineRanges, null);
      const inPart = tokens.filter((t) => t.from >= part.from && t.to <= part.to);
      if (style.mode === "lines" || inPart.length === 0 || !part.timed) {
        events.push({ ...base, start: part.start, end: part.end, lines: plain });
        continue;
      }
      const first = inPart[0]!;
      if (first.start > part.start) {
        events.push({ ...base, start: part.start, end: first.start, lines: plain });
      }
      inPart.forEach((token, i) => {
        const start = Math.max(part.start, token.start);
        const end = Math.min(part.end, inPart[i + 1]?.start ?? part.end);
        if (end <= start) return;
        events.push({ ...base, start, end, lines: spans(text, styles, part.lineRanges, token) });
      });
    }
  }
  return events.sort((a, b) => a.start - b.start);
}

/** A part of a cue of at most maxLines lines, and when it shows. */
interface Part {
  from: number;
  to: number;
  lineRanges: [number, number][];
  start: number;
  end: number;
  /** Whether its times come from word timings (karaoke highlights only then). */
  timed: boolean;
}

/**
 * A cue's lines in groups of maxLines, each shown from its first word on (the first from the
 * cue's start) until the next group (the last until the cue's end).
 */
function parts(
  cue: Cue,
  text: string,
  tokens: readonly Token[],
  maxLines: number,
  timed: boolean,
): Part[] {
  const lineRanges: [number, number][] = [];
  let at = 0;
  for (const line of text.split("\n")) {
    lineRanges.push([at, at + line.length]);
    at += line.length + 1;
  }
  const groups: Part[] = [];
  for (let i = 0; i < lineRanges.length; i += maxLines) {
    const ranges = lineRanges.slice(i, i + maxLines);
    const from = ranges[0]![0];
    const to = ranges[ranges.length - 1]![1];
    const firstToken = tokens.find((t) => t.from >= from && t.to <= to);
    groups.push({
      from,
      to,
      lineRanges: ranges,
      start: i === 0 || !firstToken ? cue.start : firstToken.start,
      end: cue.end,
      timed: timed && tokens.some((t) => t.from >= from && t.to <= to),
    });
  }
  for (let i = 0; i < groups.length - 1; i++) groups[i]!.end = groups[i + 1]!.start;
  return groups.filter((group) => group.end > group.start);
}

/** The lines of a part as spans: a span per run of one style, the token (if any) highlighted. */
function spans(
  text: string,
  styles: readonly StyledRun[],
  lineRanges: [number, number][],
  token: Token | null,
): CaptionSpan[][] {
  return lineRanges.map(([from, to]) => {
    const line: CaptionSpan[] = [];
    for (let i = from; i < to; i++) {
      const highlight = token !== null && i >= token.from && i < token.to;
      const span = { text: text[i]!, highlight, ...styleFlags(styles[i]) };
      const last = line[line.length - 1];
      if (last && sameLook(last, span)) last.text += span.text;
      else line.push(span);
    }
    return line.length > 0 ? line : [{ text: "", highlight: false }];
  });
}

/** One style per UTF-16 unit of the text. */
function charStyles(runs: readonly StyledRun[]): StyledRun[] {
  return runs.flatMap((run) => run.text.split("").map((text) => ({ ...run, text })));
}

/** A span's style fields: present when on. */
function styleFlags(
  style: StyledRun | undefined,
): Pick<CaptionSpan, "italic" | "bold" | "underline"> {
  return {
    ...(style?.italic ? { italic: true as const } : {}),
    ...(style?.bold ? { bold: true as const } : {}),
    ...(style?.underline ? { underline: true as const } : {}),
  };
}

function sameLook(a: CaptionSpan, b: CaptionSpan): boolean {
  return (
    a.highlight === b.highlight &&
    a.italic === b.italic &&
    a.bold === b.bold &&
    a.underline === b.underline
  );
}

/**
 * The cue's words found in its text, in order, with their timings; null when the cue has no
 * words or its text no longer spells them (edited text: the words' times are then guessed).
 */
function timedTokens(cue: Cue, text: string): Token[] | null {
  const words = (cue.words ?? []).filter((word) => word.text.trim() !== "");
  if (words.length === 0) return null;
  const tokens: Token[] = [];
  let at = 0;
  for (const word of words) {
    const spelled = word.text.trim();
    const found = text.indexOf(spelled, at);
    if (found < 0 || text.slice(at, found).trim() !== "") return null;
    const start = Math.min(Math.max(word.start, cue.start), cue.end);
    tokens.push({ from: found, to: found + spelled.length, start, end: Math.max(start, word.end) });
    at = found + spelled.length;
  }
  if (text.slice(at).trim() !== "") return null;
  return tokens;
}

const PUNCTUATION_ONLY = /^[\p{P}\p{S}\s]*$/u;

/**
 * Words of a cue without word timings: spaced text at its spaces, Chinese and Japanese as
 * Intl.Segmenter splits them (punctuation kept with the word before it), each timed in
 * proportion to its length over the cue.
 */
function estimatedTokens(cue: Cue, text: string, language: string | null): Token[] {
  const pieces: { from: number; to: number }[] = [];
  let at = 0;
  for (const run of text.split(/(\s+)/)) {
    if (run.trim() !== "") {
      for (const piece of splitWords(run, language)) {
        const previous = pieces[pieces.length - 1];
        if (PUNCTUATION_ONLY.test(piece) && previous && previous.to === at)
          previous.to += piece.length;
        else pieces.push({ from: at, to: at + piece.length });
        at += piece.length;
      }
    } else at += run.length;
  }
  const total = pieces.reduce((sum, piece) => sum + (piece.to - piece.from), 0);
  const span = cue.end - cue.start;
  let clock = cue.start;
  let done = 0;
  return pieces.map((piece) => {
    done += piece.to - piece.from;
    const start = clock;
    clock = cue.start + Math.round((span * done) / Math.max(1, total));
    return { ...piece, start, end: clock };
  });
}
