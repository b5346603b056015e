import { isCjkLanguage } from "./cjk-languages.js";
import { DEFAULT_MIN_GAP_FRAMES, minimumGapMs } from "./minimum-gap.js";
import type { ReadingLimits } from "./reading-limits.js";
import { DEFAULT_SHOT_CHANGE_RULES, type ShotChangeRules } from "./shot-changes.js";

// Subtitle style presets: the one place the limits a cue must meet are written down. The cue
// builder (engine, CLI, server) times and breaks cues by them, and the editor's warnings check
// the same numbers.

/** Names of the presets a transcription can be made with. */
export const STYLE_NAMES = ["standard", "netflix"] as const;
export type StyleName = (typeof STYLE_NAMES)[number];

/** The limits of one preset for one family of scripts. */
export interface ScriptLimits extends ReadingLimits {
  /** Least time between the end of one cue and the start of the next, in frames of the video. */
  minGapFrames: number;
  /**
   * The same gap in ms where the frame rate is not known (audio): the frames at 23.976 fps,
   * the longest frames (minimum-gap.ts, minimumGapMs).
   */
  minGapMs: number;
  /** How cue edges near shot changes are moved to them (12 frames; out-times 2 before). */
  shotChanges: ShotChangeRules;
  /** Drop a full-width comma or full stop at the end of a line (Chinese subtitle practice). */
  trimLineEndPunctuation: boolean;
}

/** A preset: limits for spaced scripts, and per CJK language where they differ. */
export interface StylePreset {
  name: StyleName;
  /** What the preset follows, for people choosing one. */
  description: string;
  /**
   * A broadcast delivery preset: its timed text (TTML / IMSC 1.1) is timed in frames even for
   * audio, at the default rate (docs/broadcast.md, "IMSC timed in frames").
   */
  broadcast: boolean;
  spaced: ScriptLimits;
  /** Chinese (zh, yue), Japanese and Korean. */
  cjk: Partial<Record<"zh" | "ja" | "ko", ScriptLimits>> & { default: ScriptLimits };
}

/** Five sixths of a second (20 frames at 24 fps): Netflix's shortest subtitle. */
const FIVE_SIXTHS_MS = 834;

const STANDARD_SPACED: ScriptLimits = {
  maxCharsPerLine: 42,
  maxLines: 2,
  maxCharsPerSecond: 17,
  minDurationMs: 1000,
  maxDurationMs: 7000,
  minGapFrames: DEFAULT_MIN_GAP_FRAMES,
  minGapMs: minimumGapMs(DEFAULT_MIN_GAP_FRAMES),
  shotChanges: DEFAULT_SHOT_CHANGE_RULES,
  trimLineEndPunctuation: false,
};

export const STYLE_PRESETS: Readonly<Record<StyleName, StylePreset>> = {
  standard: {
    name: "standard",
    broadcast: false,
    description:
      "Verbatim's default: 42 characters × 2 lines (16 for Chinese, Japanese, Korean), 1–7 s on screen, at most 17 characters a second, 2 frames between cues.",
    spaced: STANDARD_SPACED,
    cjk: { default: { ...STANDARD_SPACED, maxCharsPerLine: 16 } },
  },
  netflix: {
    name: "netflix",
    broadcast: true,
    description:
      "Netflix Timed Text Style Guides (general requirements; English; Traditional and Simplified Chinese): 42 characters × 2 lines and 20 characters a second for English, 16 characters × 2 lines and 9 characters a second for Chinese with no comma or full stop at a line's end, 5/6 s to 7 s on screen, 2 frames between cues.",
    spaced: { ...STANDARD_SPACED, maxCharsPerSecond: 20, minDurationMs: FIVE_SIXTHS_MS },
    cjk: {
      default: {
        ...STANDARD_SPACED,
        maxCharsPerLine: 16,
        maxCharsPerSecond: 9,
        minDurationMs: FIVE_SIXTHS_MS,
      },
      zh: {
        ...STANDARD_SPACED,
        maxCharsPerLine: 16,
        maxCharsPerSecond: 9,
        minDurationMs: FIVE_SIXTHS_MS,
        trimLineEndPunctuation: true,
      },
    },
  },
};

/** The default preset. */
export const DEFAULT_STYLE: StyleName = "standard";

/** Whether a value names a preset. */
export function isStyleName(value: unknown): value is StyleName {
  return typeof value === "string" && (STYLE_NAMES as readonly string[]).includes(value);
}

/** The limits a preset sets for text in a language (ISO 639-1; null or unknown: spaced). */
export function styleLimits(style: StyleName, language: string | null | undefined): ScriptLimits {
  const preset = STYLE_PRESETS[style];
  if (!isCjkLanguage(language)) return preset.spaced;
  const base = language!.toLowerCase().split(/[-_]/)[0];
  const family = base === "yue" ? "zh" : (base as "zh" | "ja" | "ko");
  return preset.cjk[family] ?? preset.cjk.default;
}
