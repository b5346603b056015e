import { CJK_MAX_CHARS_PER_LINE, DEFAULT_READING_LIMITS } from "@verbatim/subtitles";
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
  /**
   * The spoken language (ISO 639-1): zh, ja, ko and yue use the CJK line length; it also
   * picks the function words to keep with their phrase and how Chinese (zh, yue) and
   * Japanese (ja) text is cut into words. English rules when null or unknown.
   */
  language?: string | null;
}

/** Netflix-style defaults: 42 characters × 2 lines (16 for CJK), 1–7 s, 17 characters/s. */
export const DEFAULT_CUE_OPTIONS: Readonly<CueOptions> = {
  maxCharsPerLine: DEFAULT_READING_LIMITS.maxCharsPerLine,
  maxLines: DEFAULT_READING_LIMITS.maxLines,
  cjkMaxCharsPerLine: CJK_MAX_CHARS_PER_LINE,
  minDurationMs: DEFAULT_READING_LIMITS.minDurationMs,
  maxDurationMs: DEFAULT_READING_LIMITS.maxDurationMs,
  maxCharsPerSecond: DEFAULT_READING_LIMITS.maxCharsPerSecond,
  language: null,
};

const CJK_LANGUAGES = new Set(["zh", "ja", "ko", "yue"]);
const POSITIVE_OPTIONS = [
  "maxCharsPerLine",
  "maxLines",
  "cjkMaxCharsPerLine",
  "maxDurationMs",
  "maxCharsPerSecond",
] as const;

/** Fills in defaults and checks the limits, throwing INVALID_OPTIONS for unusable ones. */
export function resolveCueOptions(options: Partial<CueOptions> = {}): CueOptions {
  const given = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  );
  const resolved: CueOptions = { ...DEFAULT_CUE_OPTIONS, ...given };
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
  return resolved;
}

/** Whether a language code (also "zh-TW", "ja_JP") is Chinese, Japanese, Korean or Cantonese. */
export function isCjkLanguage(language: string | null | undefined): boolean {
  const base = language?.toLowerCase().split(/[-_]/)[0];
  return base !== undefined && CJK_LANGUAGES.has(base);
}

function invalid(problem: string): never {
  throw new EngineError("INVALID_OPTIONS", `Invalid cue options: ${problem}.`);
}
