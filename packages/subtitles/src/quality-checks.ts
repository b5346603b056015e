import { breakLines } from "./break-lines.js";
import { isCjkLanguage } from "./cjk-languages.js";
import { isCjkText } from "./cjk.js";
import type { Cue } from "./cue.js";
import { plainCueText, restyleText } from "./cue-styling.js";
import { functionWordsFor } from "./function-words.js";
import { gapFix } from "./minimum-gap.js";
import { readingIssues, type ReadingIssueCode } from "./reading-limits.js";
import { styleLimits, type ScriptLimits, type StyleName } from "./style-presets.js";
import { displayLength, joinLines } from "./text-measure.js";

// Quality checks of a transcription's subtitles, as a subtitler's QC pass makes them (Subtitle
// Edit's "Fix common errors", a broadcaster's QC tool): each finding names its kind, the cue,
// and what to change; the ones a program can put right carry the change (`fix`). The limits are
// the style preset's (style-presets.ts), the gap the minimum gap's (minimum-gap.ts). Spelling is
// given as a function, so that this module stays pure and the dictionaries load where the caller
// chooses (the server's checks thread).

/** Every kind of finding, in the order a cue's findings are listed. */
export const CHECK_KINDS = [
  "empty",
  "overlap",
  "gap_too_short",
  "past_media_end",
  "too_short",
  "too_long",
  "reading_speed",
  "line_too_long",
  "too_many_lines",
  "unbalanced_lines",
  "line_ends_with_conjunction",
  "doubled_word",
  "spelling",
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** What a fix changes on its cue (times in ms; text as it would be saved). */
export interface CheckFix {
  start?: number;
  end?: number;
  text?: string;
}

/** One finding on one cue. */
export interface CheckIssue {
  kind: CheckKind;
  /** The cue's index (its number, from 1). */
  cue: number;
  /** For line findings: the line, from 1. */
  line?: number;
  /** The word concerned (doubled word, spelling, conjunction). */
  word?: string;
  /** The measured value: characters (line), characters a second, ms (durations and gaps). */
  actual?: number;
  /** The limit it breaks, in the same unit. */
  limit?: number;
  /** Spelling: the dictionary's suggestions, best first (possibly none). */
  suggestions?: string[];
  /** The change that puts it right, when a program can make it. */
  fix?: CheckFix;
}

/** A misspelt word and what the dictionary suggests instead. */
export interface Misspelling {
  word: string;
  suggestions: string[];
}

export interface CheckOptions {
  style: StyleName;
  /** The spoken language (ISO 639-1 or a code such as `yue`); null when unknown. */
  language: string | null;
  /** The media's length (ms): cues past it are found. */
  durationMs: number;
  /** The minimum gap between cues (ms), at the video's frame rate (gapAtRate). */
  gapMs: number;
  /** The misspelt words of a text (absent: spelling is not checked, e.g. no dictionary). */
  spelling?: ((text: string) => Misspelling[]) | undefined;
}

/** Reading findings, under the checks' names. */
const READING_KINDS: Readonly<Record<ReadingIssueCode, CheckKind>> = {
  LINE_TOO_LONG: "line_too_long",
  TOO_MANY_LINES: "too_many_lines",
  TOO_FAST: "reading_speed",
  TOO_SHORT: "too_short",
  TOO_LONG: "too_long",
};

/**
 * The lines of a two-line subtitle are unbalanced when the shorter holds less than half of the
 * longer's characters (BBC Subtitle Guidelines, "Line breaks": lines of roughly equal length,
 * the top one shorter where they differ; Netflix: "bottom-heavy pyramid" preferred).
 */
const BALANCE_SHARE = 0.5;

/** Every finding on the cues (in time order), cue by cue, each cue's in CHECK_KINDS order. */
export function checkCues(cues: readonly Cue[], options: CheckOptions): CheckIssue[] {
  const issues: CheckIssue[] = [];
  for (const [position, saved] of cues.entries()) {
    // Every check measures the text as shown: the styles' markup is not text (cue-styling.ts).
    // A fix of the text is written back as markup with the cue's styles kept (markupFix).
    const cue: Cue = { ...saved, text: plainCueText(saved.text) };
    const limits = limitsFor(cue, options);
    const found: CheckIssue[] = [];
    const add = (issue: Finding) => found.push({ cue: cue.index, ...issue });
    const text = cue.text.trim();
    const previous = cues[position - 1];
    const next = cues[position + 1];
    if (text === "") add({ kind: "empty" });
    if (previous) {
      const gap = cue.start - previous.end;
      if (gap < options.gapMs) {
        const fix = gapFix(previous, cue, options.gapMs);
        // The fix that changes this cue is listed here; one that ends the cue before is its own.
        add({
          kind: gap < 0 ? "overlap" : "gap_too_short",
          actual: gap,
          limit: options.gapMs,
          ...(fix && "nextStart" in fix ? { fix: { start: fix.nextStart } } : {}),
        });
      }
    }
    const fixedEnd = next ? gapFix(cue, next, options.gapMs) : null;
    if (cue.end > options.durationMs) {
      add({
        kind: "past_media_end",
        actual: cue.end,
        limit: options.durationMs,
        ...(cue.start < options.durationMs ? { fix: { end: options.durationMs } } : {}),
      });
    }
    const room = Math.min(next ? next.start - options.gapMs : Infinity, options.durationMs);
    for (const reading of text === "" ? [] : readingIssues(cue, limits)) {
      const kind = READING_KINDS[reading.code];
      if (reading.line !== undefined) {
        const line = cue.text.split(/\r\n|\r|\n/)[reading.line - 1] ?? "";
        add({
          kind,
          line: reading.line,
          actual: displayLength(line),
          limit: limits.maxCharsPerLine,
        });
      } else if (kind === "too_many_lines") {
        add({ kind, actual: cue.text.split(/\r\n|\r|\n/).length, limit: limits.maxLines });
      } else if (kind === "too_long") {
        add({
          kind,
          actual: cue.end - cue.start,
          limit: limits.maxDurationMs,
          fix: { end: cue.start + limits.maxDurationMs },
        });
      } else {
        // Too short or too fast: it may stay longer, into the free time after it.
        const needed =
          kind === "too_short"
            ? limits.minDurationMs
            : Math.ceil((displayLength(joinLines(cue.text)) * 1000) / limits.maxCharsPerSecond);
        const end = cue.start + Math.min(needed, limits.maxDurationMs);
        add({
          kind,
          actual:
            kind === "too_short"
              ? cue.end - cue.start
              : Math.round(
                  (displayLength(joinLines(cue.text)) * 10_000) / Math.max(1, cue.end - cue.start),
                ) / 10,
          limit: kind === "too_short" ? limits.minDurationMs : limits.maxCharsPerSecond,
          ...(end <= room && end > cue.end ? { fix: { end } } : {}),
        });
      }
    }
    if (fixedEnd && "end" in fixedEnd && !found.some((issue) => issue.fix?.end !== undefined)) {
      // The next cue starts too soon after this one: this cue's end moves (listed on the next).
      found.push({
        kind: next!.start < cue.end ? "overlap" : "gap_too_short",
        cue: cue.index,
        actual: next!.start - cue.end,
        limit: options.gapMs,
        fix: { end: fixedEnd.end },
      });
    }
    for (const issue of [
      ...lineFindings(cue, limits, options.language),
      ...wordFindings(cue, options),
    ]) {
      add(markupFix(issue, saved.text));
    }
    issues.push(...found.sort((a, b) => order(a.kind) - order(b.kind)));
  }
  return issues;
}

/**
 * Applies every fix it can, one per cue and field, the first finding's first: the cues as they
 * would be saved, and how many findings were fixed.
 */
export function applyFixes(
  cues: readonly Cue[],
  issues: readonly CheckIssue[],
): { cues: Cue[]; fixed: number } {
  const byCue = new Map<number, CheckFix>();
  let fixed = 0;
  for (const issue of issues) {
    if (!issue.fix) continue;
    const fix = byCue.get(issue.cue) ?? {};
    const fields = Object.keys(issue.fix) as (keyof CheckFix)[];
    if (fields.some((field) => fix[field] !== undefined)) continue;
    byCue.set(issue.cue, { ...fix, ...issue.fix });
    fixed += 1;
  }
  const result = cues.map((cue) => {
    const fix = byCue.get(cue.index);
    if (!fix) return cue;
    const start = fix.start ?? cue.start;
    const end = Math.max(start + 1, fix.end ?? cue.end);
    const changed: Cue = { ...cue, start, end, text: fix.text ?? cue.text };
    if (fix.text !== undefined) delete changed.words;
    return changed;
  });
  return { cues: result, fixed };
}

/**
 * A finding whose fix is a new shown text, its fix as the cue's markup: the same styles on the
 * same words (restyleText: lines broken again; editPlainText: a word taken out).
 */
function markupFix(finding: Finding, markup: string): Finding {
  if (finding.fix?.text === undefined) return finding;
  return { ...finding, fix: { ...finding.fix, text: restyleText(markup, finding.fix.text) } };
}

/** A finding before it is put on its cue. */
type Finding = Omit<CheckIssue, "cue">;

function order(kind: CheckKind): number {
  return CHECK_KINDS.indexOf(kind);
}

function limitsFor(cue: Cue, options: CheckOptions): ScriptLimits {
  const language =
    isCjkText(cue.text) && !isCjkLanguage(options.language) ? "zh" : options.language;
  return styleLimits(options.style, language);
}

/** Unbalanced lines, and a line that ends on a conjunction or other word leading into the next. */
function lineFindings(cue: Cue, limits: ScriptLimits, language: string | null): Finding[] {
  const lines = cue.text.split(/\r\n|\r|\n/).map((line) => line.trim());
  if (lines.length < 2 || isCjkText(cue.text)) return [];
  const found: Finding[] = [];
  const rebroken = breakLines(joinLines(cue.text), {
    maxCharsPerLine: limits.maxCharsPerLine,
    maxLines: limits.maxLines,
    language,
  }).join("\n");
  const fix = rebroken !== cue.text && rebroken !== "" ? { fix: { text: rebroken } } : {};
  if (lines.length === 2) {
    const [a, b] = lines.map(displayLength) as [number, number];
    const joined = displayLength(joinLines(cue.text));
    if (joined <= limits.maxCharsPerLine) {
      // It fits on one line: two lines only make it harder to read.
      found.push({
        kind: "unbalanced_lines",
        actual: joined,
        limit: limits.maxCharsPerLine,
        ...fix,
      });
    } else if (Math.min(a, b) < Math.max(a, b) * BALANCE_SHARE) {
      found.push({
        kind: "unbalanced_lines",
        actual: Math.min(a, b),
        limit: Math.max(a, b),
        ...fix,
      });
    }
  }
  // BBC Subtitle Guidelines ("Line breaks"): do not end a line on an article, a preposition or
  // a conjunction that belongs with the words after it.
  const leading = functionWordsFor(language).leading;
  for (const [i, line] of lines.slice(0, -1).entries()) {
    const last = /([\p{L}'’.]+)$/u.exec(line)?.[1]?.toLowerCase();
    if (last && leading.has(last) && !/[,.;:!?]$/u.test(line)) {
      found.push({ kind: "line_ends_with_conjunction", line: i + 1, word: last, ...fix });
    }
  }
  return found;
}

/** Doubled words ("the the") and spelling. */
function wordFindings(cue: Cue, options: CheckOptions): Finding[] {
  const found: Finding[] = [];
  if (!isCjkText(cue.text)) {
    const doubled = /(^|[^\p{L}\p{N}'])([\p{L}\p{N}']+)(\s+)\2(?![\p{L}\p{N}'])/giu;
    for (const match of cue.text.matchAll(doubled)) {
      const word = match[2]!;
      const at = match.index + match[1]!.length + word.length;
      const text = cue.text.slice(0, at) + cue.text.slice(at + match[3]!.length + word.length);
      found.push({ kind: "doubled_word", word, fix: { text } });
      break; // one at a time: the fix is the text with this one removed
    }
  }
  if (options.spelling && !isCjkText(cue.text)) {
    for (const { word, suggestions } of options.spelling(cue.text)) {
      found.push({ kind: "spelling", word, suggestions: suggestions.slice(0, 5) });
    }
  }
  return found;
}
