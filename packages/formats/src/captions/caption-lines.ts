import { breakLines, isCjkChar, plainCueText, type Cue } from "@verbatim/subtitles";
import type { CaptionFrame } from "./caption-frame.js";
import { captionLayout, NOTO_CJK_LINE_EMS } from "./caption-layout.js";
import type { CaptionStyle } from "./caption-styles.js";

// Cue lines that fit the picture. libass wraps a line too long for the frame only at spaces,
// so a Chinese or Japanese line ran out of a 9:16 or 1:1 picture, and a wrapped line became
// lines the style's maximum did not count. The lines are broken here instead, with the
// subtitles' own line breaker, at widths from the style's layout on the frame.

/** Widths in ems of Noto Sans CJK: CJK characters are square, Latin about 0.6 on average. */
const CJK_EM = 1;
const OTHER_EM = 0.6;
/** Bold letters are wider; the widths are averages, so a little room is kept. */
const BOLD_SCALE = 1.08;

/** How many ems a line is wide, roughly. */
function lineEms(line: string, bold: boolean): number {
  let ems = 0;
  for (const ch of line) ems += isCjkChar(ch) ? CJK_EM : OTHER_EM;
  return bold ? ems * BOLD_SCALE : ems;
}

/**
 * Breaks text into lines no wider than `widthEms` (the breaks the subtitles' line breaker
 * chooses: Chinese and Japanese between words, or between the given word pieces, spaced
 * scripts at spaces). Lines that fit are kept as they are.
 */
export function fitLines(
  text: string,
  widthEms: number,
  bold: boolean,
  language: string | null,
  pieces?: readonly string[],
): string[] {
  const lines = text.split("\n");
  if (lines.every((line) => lineEms(line, bold) <= widthEms)) return lines;
  const whole = pieces ?? text;
  const chars = Array.from(lines.join("")).length;
  const average = lineEms(lines.join(""), bold) / Math.max(1, chars);
  const maxCharsPerLine = Math.max(1, Math.floor(widthEms / average));
  return breakLines(whole, { maxCharsPerLine, maxLines: Number.MAX_SAFE_INTEGER, language });
}

/** The width, in ems of the text's and the translation's font, a caption line may take. */
export function captionWidthEms(
  style: CaptionStyle,
  frame: CaptionFrame,
): { text: number; translation: number } {
  const layout = captionLayout(style, frame);
  const em = layout.fontSize / NOTO_CJK_LINE_EMS;
  const width = frame.width - layout.marginL - layout.marginR;
  return { text: width / em, translation: width / (em * style.translationScale) };
}

/** A cue's word texts when they spell its text (the pieces a CJK line may break between). */
export function wordPieces(cue: Cue): string[] | undefined {
  const words = (cue.words ?? []).map((word) => word.text).filter((text) => text.trim() !== "");
  if (words.length === 0) return undefined;
  const spelled = words.join("").replace(/\s+/g, "");
  return spelled === plainCueText(cue.text).replace(/\s+/g, "") ? words : undefined;
}
