import {
  DEFAULT_STYLE,
  isCjkLanguage,
  isStyleName,
  STYLE_NAMES,
  styleLimits,
  type StyleName,
} from "@verbatim/subtitles";
import { EngineError } from "../errors.js";

/** How transcribed speech is cut into cues. */
export interface CueOptions {
  /** Most characters on one line for spaced scripts. */
  maxCharsPerLine: number;
  /** Most lines in one cue. */
  maxLines: number;
  /** Most characters on one line for Chinese, Japanese and Korean. */
  cjkMaxCharsPerLine: number;
  /** Shortest time on screen (ms); short cues are stretched into the following silence. */
  minDurationMs: number;
  /** Longest time on screen (ms). */
  maxDurationMs: number;
  /** Most characters per second; fast cues are stretched into the following silence. */
  maxCharsPerSecond: number;
  /** Most characters per second for Chinese, Japanese and Korean text. */
  cjkMaxCharsPerSecond: number;
  /** Least time between one cue's end and the next one's start (ms). */
  minGapMs: number;
  /** Drop a full-width comma or full stop at the end of a Chinese line. */
  trimLineEndPunctuation: boolean;
  /** The style preset the other limits default from (see @verbatim/subtitles STYLE_PRESETS). */
  style: StyleName;
  /**
   * The spoken language (ISO 639-1): zh, ja, ko and yue use the CJK line length; it also
   * picks the function words to keep with their phrase and how Chinese (zh, yue) and
   * Japanese (ja) text is cut into words. English rules when null or unknown.
   */
  language?: string | null;
}

/** A preset's limits as cue options, for text in `language` (spaced scripts when null). */
export function styleCueOptions(
  style: StyleName,
  language: string | null | undefined = null,
): CueOptions {
  const spaced = styleLimits(style, null);
  const cjk = styleLimits(style, isCjkLanguage(language) ? language : "zh");
  const main = isCjkLanguage(language) ? cjk : spaced;
  return {
    maxCharsPerLine: spaced.maxCharsPerLine,
    maxLines: main.maxLines,
    cjkMaxCharsPerLine: cjk.maxCharsPerLine,
    minDurationMs: main.minDurationMs,
    maxDurationMs: main.maxDurationMs,
    maxCharsPerSecond: spaced.maxCharsPerSecond,
    cjkMaxCharsPerSecond: cjk.maxCharsPerSecond,
    minGapMs: main.minGapMs,
    trimLineEndPunctuation: cjk.trimLineEndPunctuation,
    style,
    language: language ?? null,
  };
}

/** The standard preset: 42 characters × 2 lines (16 for CJK), 1–7 s, 17 characters/s. */
export const DEFAULT_CUE_OPTIONS: Readonly<CueOptions> = styleCueOptions(DEFAULT_STYLE);

const POSITIVE_OPTIONS = [
  "maxCharsPerLine",
  "maxLines",
  "cjkMaxCharsPerLine",
  "maxDurationMs",
  "maxCharsPerSecond",
  "cjkMaxCharsPerSecond",
] as const;

/**
 * Fills in the style preset's limits (for the language) where options say nothing, and checks
 * them, throwing INVALID_OPTIONS for unusable ones.
 */
export function resolveCueOptions(options: Partial<CueOptions> = {}): CueOptions {
  const given = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  );
  const style = options.style ?? DEFAULT_STYLE;
  if (!isStyleName(style)) invalid(`style must be one of ${STYLE_NAMES.join(", ")}`);
  const resolved: CueOptions = { ...styleCueOptions(style, options.language), ...given };
  for (const name of POSITIVE_OPTIONS) {
    const value = resolved[name];
    if (!Number.isFinite(value) || value <= 0) invalid(`${name} must be a positive number`);
  }
  if (!Number.isInteger(resolved.maxLines)) invalid("maxLines must be a whole number");
  if (!Number.isFinite(resolved.minDurationMs) || resolved.minDurationMs < 0) {
    invalid("minDurationMs must be zero or more");
  }
  if (resolved.minDurationMs > resolved.maxDurationMs) {
    invalid("minDurationMs must not exceed maxDurationMs");
  }
  if (!Number.isFinite(resolved.minGapMs) || resolved.minGapMs < 0) {
    invalid("minGapMs must be zero or more");
  }
  return resolved;
}

function invalid(problem: string): never {
  throw new EngineError("INVALID_OPTIONS", `Invalid cue options: ${problem}.`);
}
