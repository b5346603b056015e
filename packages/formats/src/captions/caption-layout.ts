import { keypadAlignment, type CueAlign, type CuePosition } from "@verbatim/subtitles";
import type { CaptionFrame } from "./caption-frame.js";
import type { CaptionStyle } from "./caption-styles.js";

/** A style's sizes on a frame, in output pixels: the ASS style's numbers, and the preview's. */
export interface CaptionLayout {
  /** ASS font size: libass fits the font's line (ascender to descender) into it (em × 1.448). */
  fontSize: number;
  /** `outline`: the outline's width; `box`: the box's padding around the text. */
  outline: number;
  shadow: number;
  /** Numpad alignment: 2 bottom centre, 5 middle, 8 top centre. */
  alignment: 2 | 5 | 8;
  marginL: number;
  marginR: number;
  /** From the bottom (bottom), the top (top); unused in the middle. */
  marginV: number;
}

/**
 * The line height of Noto Sans CJK (ascender 1.16 em + descender 0.288 em): libass draws an ASS
 * font size of N with an em of N / 1.448, so CSS (which sizes the em) uses that.
 */
export const NOTO_CJK_LINE_EMS = 1.448;

/** The style's sizes on the frame: text sized from the short side, kept inside the safe area. */
export function captionLayout(style: CaptionStyle, frame: CaptionFrame): CaptionLayout {
  // The size control is the letters' em; libass's font size is the whole line (ascender to descender).
  const em = (style.sizePercent / 100) * Math.min(frame.width, frame.height);
  const fontSize = Math.max(8, Math.round(em * NOTO_CJK_LINE_EMS));
  const box = style.background === "box";
  const outline = box
    ? Math.max(2, Math.round(fontSize * 0.2))
    : Math.max(1, Math.round(fontSize * 0.07));
  const shadow = box ? 0 : Math.max(1, Math.round(fontSize * 0.03));
  // A box reaches its padding beyond the text: the padding stays inside the safe area too.
  const pad = box ? outline : outline + shadow;
  const { safe } = frame;
  return {
    fontSize,
    outline,
    shadow,
    alignment: style.position === "top" ? 8 : style.position === "middle" ? 5 : 2,
    marginL: safe.left + pad,
    marginR: safe.right + pad,
    marginV:
      style.position === "top"
        ? safe.top + pad
        : style.position === "bottom"
          ? safe.bottom + pad
          : 0,
  };
}

/**
 * Where an event is drawn (numpad, as ASS's `\an`): the style's place, or the cue's own where
 * the subtitles place it (top; left or right, cue-styling.ts). A style in the middle of the
 * picture (one word at a time) keeps its place.
 */
export function captionAlignment(
  event: { position?: CuePosition | undefined; align?: CueAlign | undefined },
  styleAlignment: CaptionLayout["alignment"],
): number {
  if (styleAlignment === 5) return styleAlignment;
  if (event.position === undefined && event.align === undefined) return styleAlignment;
  return keypadAlignment(
    event.position ?? (styleAlignment === 8 ? "top" : "bottom"),
    event.align ?? "center",
  );
}
