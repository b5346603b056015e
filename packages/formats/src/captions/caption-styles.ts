import {
  CAPTION_BACKGROUNDS,
  CAPTION_FONTS,
  CAPTION_MAX_LINES,
  CAPTION_POSITIONS,
  CAPTION_SIZE_PERCENT,
  CAPTION_STYLE_NAMES,
  type CaptionBackground,
  type CaptionFont,
  type CaptionPosition,
  type CaptionStyleName,
} from "@verbatim/contract/caption-styles";

// Caption styles for burned-in video: named presets plus the few controls a user may change.
// The renderer (ASS through libass) and the editor's preview both read a resolved CaptionStyle,
// so what the preview shows is what the render draws.

export function isCaptionStyleName(value: unknown): value is CaptionStyleName {
  return (CAPTION_STYLE_NAMES as readonly unknown[]).includes(value);
}

/**
 * How cues become what is on screen. `lines`: each cue's lines; `karaoke`: each cue's lines with
 * the word being spoken in the highlight colour (from word timings); `word`: one word at a time.
 */
export type CaptionMode = "lines" | "karaoke" | "word";

/** A style as drawn: every field fixed. */
export interface CaptionStyle {
  name: CaptionStyleName;
  mode: CaptionMode;
  font: CaptionFont;
  bold: boolean;
  /** The letters' em as a percentage of the frame's short side (1080p: 5 → 54 px). */
  sizePercent: number;
  /** Text colour, hex RGB ("FFFFFF"). */
  colour: string;
  /** The spoken word's colour in `karaoke` (hex RGB). */
  highlightColour: string;
  background: CaptionBackground;
  position: CaptionPosition;
  /** Most lines on screen at once; longer cues are shown in parts, one after another. */
  maxLines: number;
  /** Each speaker's text in a light tint of the speaker's colour (colour applies to cues without one). */
  speakerColours: boolean;
  /** Bilingual transcriptions: the translation under the original, smaller and tinted. */
  bilingual: boolean;
  /** The translation line's colour (hex RGB) and size relative to the text. */
  translationColour: string;
  translationScale: number;
}

/** What a user may change on a preset; anything left out keeps the preset's value. */
export interface CaptionControls {
  font?: CaptionFont | undefined;
  sizePercent?: number | undefined;
  colour?: string | undefined;
  highlightColour?: string | undefined;
  background?: CaptionBackground | undefined;
  position?: CaptionPosition | undefined;
  maxLines?: number | undefined;
  speakerColours?: boolean | undefined;
}

type PresetValues = Omit<CaptionStyle, "name" | "font">;

const PRESETS: Readonly<Record<CaptionStyleName, PresetValues>> = {
  // White text, dark outline, at the bottom: what players draw for subtitle files.
  standard: {
    mode: "lines",
    bold: false,
    sizePercent: 5,
    colour: "FFFFFF",
    highlightColour: "FFD400",
    background: "outline",
    position: "bottom",
    maxLines: 2,
    speakerColours: true,
    bilingual: false,
    translationColour: "FDE68A",
    translationScale: 0.85,
  },
  // Broadcast and classroom: a dark box behind the lines, legible on any picture.
  "broadcast-box": {
    mode: "lines",
    bold: false,
    sizePercent: 4.5,
    colour: "FFFFFF",
    highlightColour: "FFD400",
    background: "box",
    position: "bottom",
    maxLines: 2,
    speakerColours: false,
    bilingual: false,
    translationColour: "FDE68A",
    translationScale: 0.85,
  },
  // The cue's lines, the word being spoken in yellow.
  karaoke: {
    mode: "karaoke",
    bold: true,
    sizePercent: 6,
    colour: "FFFFFF",
    highlightColour: "FFD400",
    background: "outline",
    position: "bottom",
    maxLines: 2,
    speakerColours: false,
    bilingual: false,
    translationColour: "FDE68A",
    translationScale: 0.85,
  },
  // Short-video style: one large word at a time in the middle of the picture.
  "social-word": {
    mode: "word",
    bold: true,
    sizePercent: 10,
    colour: "FFFFFF",
    highlightColour: "FFD400",
    background: "outline",
    position: "middle",
    maxLines: 1,
    speakerColours: false,
    bilingual: false,
    translationColour: "FDE68A",
    translationScale: 0.85,
  },
  // The original over its translation (bilingual transcriptions; others show the original alone).
  bilingual: {
    mode: "lines",
    bold: false,
    sizePercent: 4.5,
    colour: "FFFFFF",
    highlightColour: "FFD400",
    background: "outline",
    position: "bottom",
    maxLines: 2,
    speakerColours: false,
    bilingual: true,
    translationColour: "FDE68A",
    translationScale: 0.85,
  },
};

/**
 * The font for a transcription's language: Japanese, Korean, Simplified (zh-CN, zh-SG) and other
 * Chinese (Traditional, Taiwan forms) by their own; Hong Kong forms for Cantonese, zh-HK and every
 * other language (its Latin letters are the same in each family).
 */
export function defaultCaptionFont(language: string | null | undefined): CaptionFont {
  const code = language?.toLowerCase() ?? "";
  if (code.startsWith("ja")) return "Noto Sans CJK JP";
  if (code.startsWith("ko")) return "Noto Sans CJK KR";
  if (code === "zh-cn" || code === "zh-sg" || code === "zh-hans") return "Noto Sans CJK SC";
  if (code.startsWith("zh") && code !== "zh-hk") return "Noto Sans CJK TC";
  return "Noto Sans CJK HK";
}

/** A reason a control was refused, naming the control; null when every control is in range. */
export function captionControlsProblem(controls: CaptionControls): string | null {
  const { sizePercent, maxLines, colour, highlightColour, font, background, position } = controls;
  if (
    sizePercent !== undefined &&
    !(
      Number.isFinite(sizePercent) &&
      sizePercent >= CAPTION_SIZE_PERCENT.min &&
      sizePercent <= CAPTION_SIZE_PERCENT.max
    )
  ) {
    return `size must be from ${CAPTION_SIZE_PERCENT.min} to ${CAPTION_SIZE_PERCENT.max} (% of the picture's short side)`;
  }
  if (
    maxLines !== undefined &&
    !(
      Number.isInteger(maxLines) &&
      maxLines >= CAPTION_MAX_LINES.min &&
      maxLines <= CAPTION_MAX_LINES.max
    )
  ) {
    return `maxLines must be a whole number from ${CAPTION_MAX_LINES.min} to ${CAPTION_MAX_LINES.max}`;
  }
  for (const [name, value] of [
    ["colour", colour],
    ["highlightColour", highlightColour],
  ] as const) {
    if (value !== undefined && !isHexColour(value)) {
      return `${name} must be a hex RGB colour such as FFFFFF`;
    }
  }
  if (font !== undefined && !(CAPTION_FONTS as readonly string[]).includes(font)) {
    return `font must be one of: ${CAPTION_FONTS.join(", ")}`;
  }
  if (
    background !== undefined &&
    !(CAPTION_BACKGROUNDS as readonly string[]).includes(background)
  ) {
    return `background must be one of: ${CAPTION_BACKGROUNDS.join(", ")}`;
  }
  if (position !== undefined && !(CAPTION_POSITIONS as readonly string[]).includes(position)) {
    return `position must be one of: ${CAPTION_POSITIONS.join(", ")}`;
  }
  return null;
}

/** `FFFFFF` or `#ffffff`. */
export function isHexColour(value: string): boolean {
  return /^#?[0-9a-f]{6}$/i.test(value);
}

/**
 * A preset with the user's controls applied (controls must pass captionControlsProblem; values
 * out of range are clamped all the same). The font defaults to the language's.
 */
export function captionStyle(
  name: CaptionStyleName,
  controls: CaptionControls = {},
  language: string | null = null,
): CaptionStyle {
  const preset = PRESETS[name];
  const hex = (value: string | undefined, fallback: string) =>
    value !== undefined && isHexColour(value) ? value.replace("#", "").toUpperCase() : fallback;
  return {
    ...preset,
    name,
    font: controls.font ?? defaultCaptionFont(language),
    sizePercent: clamp(controls.sizePercent ?? preset.sizePercent, CAPTION_SIZE_PERCENT),
    colour: hex(controls.colour, preset.colour),
    highlightColour: hex(controls.highlightColour, preset.highlightColour),
    background: controls.background ?? preset.background,
    position: controls.position ?? preset.position,
    maxLines: Math.round(clamp(controls.maxLines ?? preset.maxLines, CAPTION_MAX_LINES)),
    speakerColours: controls.speakerColours ?? preset.speakerColours,
  };
}

function clamp(value: number, range: { min: number; max: number }): number {
  return Math.min(range.max, Math.max(range.min, Number.isFinite(value) ? value : range.min));
}
