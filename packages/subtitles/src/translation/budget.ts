import { breakLines } from "../break-lines.js";
import type { Cue } from "../cue.js";
import { readingIssues, type ReadingIssueCode } from "../reading-limits.js";
import { styleLimits, type ScriptLimits, type StyleName } from "../style-presets.js";
import { displayLength, joinLines } from "../text-measure.js";

// How much translated text a cue can hold: the style preset's limits for the target language
// (the same numbers the cue builder and the editor's warnings use), applied to the cue's own
// time on screen, which translation never changes.

/** The room a cue's translation has. */
export interface CueBudget {
  /** Most characters (code points) of text, the lines joined: the smaller of what the lines hold and what can be read in the cue's time. */
  maxChars: number;
  /** The target's limits under the style preset. */
  limits: ScriptLimits;
}

/** The reading problems that mean a translation does not fit its cue (timing is the original's). */
const FIT_ISSUES: ReadonlySet<ReadingIssueCode> = new Set([
  "LINE_TOO_LONG",
  "TOO_MANY_LINES",
  "TOO_FAST",
]);

/** The budget of one cue for text in `language` under `style`. */
export function cueBudget(
  cue: Pick<Cue, "start" | "end">,
  style: StyleName,
  language: string,
): CueBudget {
  const limits = styleLimits(style, language);
  const byLines = limits.maxCharsPerLine * limits.maxLines;
  const seconds = Math.max(0, cue.end - cue.start) / 1000;
  const bySpeed = Math.floor(limits.maxCharsPerSecond * seconds);
  return { maxChars: Math.max(1, Math.min(byLines, bySpeed)), limits };
}

/**
 * A translation laid out on its cue: broken into lines by the transcription's rules
 * (breakLines) within the target's limits, and whether the result is within them — line
 * length, line count and reading speed, checked by readingIssues.
 */
export function placeTranslation(
  cue: Pick<Cue, "index" | "start" | "end">,
  text: string,
  style: StyleName,
  language: string,
): { text: string; fits: boolean } {
  const { limits } = cueBudget(cue, style, language);
  const joined = joinLines(text);
  if (joined === "") return { text: "", fits: true };
  const lines = breakLines(joined, {
    maxCharsPerLine: limits.maxCharsPerLine,
    maxLines: limits.maxLines,
    language,
  });
  const laidOut = lines.join("\n");
  const issues = readingIssues({ ...cue, text: laidOut }, limits);
  return { text: laidOut, fits: !issues.some((issue) => FIT_ISSUES.has(issue.code)) };
}

/** The length a budget counts: code points of the text with its lines joined. */
export function budgetLength(text: string): number {
  return displayLength(joinLines(text));
}
