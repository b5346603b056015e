import { isCjkLanguage, type StyleName } from "@verbatim/subtitles";

/** A colour with its opacity: `rgb` hex ("FFFFFF"), `alpha` 0 (opaque) to 255 (clear). */
export interface AssColour {
  rgb: string;
  alpha: number;
}

/**
 * One ASS style (a `Style:` line of `[V4+ Styles]`), in the units of the script's PlayRes.
 * Burned-in captions are drawn from these, so every field a renderer reads is typed here.
 */
export interface AssStyle {
  /** Unique in the script; no commas (the line is comma-separated). */
  name: string;
  fontName: string;
  fontSize: number;
  primaryColour: AssColour;
  /** The colour karaoke fills from (`\k`): words not yet sung. */
  secondaryColour: AssColour;
  outlineColour: AssColour;
  backColour: AssColour;
  bold: boolean;
  italic: boolean;
  /** 1: outline and drop shadow; 3: an opaque box behind the text. */
  borderStyle: 1 | 3;
  outline: number;
  shadow: number;
  /** Numpad position: 1–3 bottom, 4–6 middle, 7–9 top (2: bottom centre). */
  alignment: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  marginL: number;
  marginR: number;
  marginV: number;
}

/** The script's canvas and styles; the first style is the default. */
export interface AssLayout {
  playResX: number;
  playResY: number;
  styles: readonly AssStyle[];
}

const WHITE: AssColour = { rgb: "FFFFFF", alpha: 0 };
const BLACK: AssColour = { rgb: "000000", alpha: 0 };

/**
 * The default style per preset on a 1920×1080 canvas: white sans-serif text at the bottom
 * centre, in a CJK font for Chinese, Japanese and Korean. `standard`: a 3 px outline and a
 * soft shadow, 5 % of the height; `netflix`: the Netflix guides' look (white, black outline
 * and drop shadow, no box), text kept within the 10 % title-safe margins.
 */
export function presetAssStyle(style: StyleName, language: string | null): AssStyle {
  const cjk = isCjkLanguage(language);
  const base: AssStyle = {
    name: "Default",
    fontName: cjk ? "Noto Sans CJK TC" : "Arial",
    fontSize: 54,
    primaryColour: WHITE,
    secondaryColour: { rgb: "A0A0A0", alpha: 0 },
    outlineColour: BLACK,
    backColour: { rgb: "000000", alpha: 0x80 },
    bold: false,
    italic: false,
    borderStyle: 1,
    outline: 3,
    shadow: 1,
    alignment: 2,
    marginL: 96,
    marginR: 96,
    marginV: 54,
  };
  if (style === "netflix") {
    return { ...base, outline: 2, shadow: 2, marginL: 192, marginR: 192, marginV: 108 };
  }
  return base;
}

/** A style's `Style:` line. */
export function assStyleLine(style: AssStyle): string {
  const flag = (on: boolean) => (on ? "-1" : "0");
  return `Style: ${[
    assName(style.name),
    assName(style.fontName),
    style.fontSize,
    assColour(style.primaryColour),
    assColour(style.secondaryColour),
    assColour(style.outlineColour),
    assColour(style.backColour),
    flag(style.bold),
    flag(style.italic),
    0,
    0,
    100,
    100,
    0,
    0,
    style.borderStyle,
    style.outline,
    style.shadow,
    style.alignment,
    style.marginL,
    style.marginR,
    style.marginV,
    1,
  ].join(",")}`;
}

/** The `Format:` line the style lines follow. */
export const ASS_STYLE_FORMAT =
  "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding";

/** `&HAABBGGRR`: ASS writes colours alpha first, then blue, green, red. */
export function assColour(colour: AssColour): string {
  const rgb = colour.rgb.toUpperCase();
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(2, "0");
  return `&H${hex(colour.alpha)}${rgb.slice(4, 6)}${rgb.slice(2, 4)}${rgb.slice(0, 2)}`;
}

/** A name fit for a comma-separated line: no commas or line breaks. */
export function assName(name: string): string {
  return name.replace(/[,\r\n]/g, " ").trim() || "Default";
}
