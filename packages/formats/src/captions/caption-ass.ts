import type { Speaker } from "@verbatim/subtitles";
import {
  assColour,
  assName,
  assStyleLine,
  ASS_STYLE_FORMAT,
  type AssStyle,
} from "../ass-styles.js";
import { assTime } from "../ass.js";
import { lightSpeakerColour } from "../speaker-colours.js";
import type { CaptionEvent, CaptionSpan } from "./caption-events.js";
import type { CaptionFrame } from "./caption-frame.js";
import { captionAlignment, captionLayout } from "./caption-layout.js";
import type { CaptionStyle } from "./caption-styles.js";

/** What the caption script is drawn for. */
export interface CaptionScript {
  title: string;
  style: CaptionStyle;
  frame: CaptionFrame;
  speakers?: readonly Speaker[] | undefined;
}

const TRANSLATION_STYLE = "Translation";

/**
 * The ASS script libass burns into the video: PlayRes is the output frame (so sizes are output
 * pixels), one style for the text (one per speaker with speaker colours), one for translations,
 * and a dialogue line per caption event; the highlighted word is coloured with `\1c`. A cue's
 * italics, bold and underline are `\i1`, `\b1`, `\u1` (then `\r` back to the line's style), and
 * a cue placed at the top, or left or right, starts with `{\anN}` (a style in the middle of the
 * picture, one word at a time, keeps its place).
 */
export function writeCaptionAss(events: readonly CaptionEvent[], script: CaptionScript): string {
  const { style, frame } = script;
  const layout = captionLayout(style, frame);
  const box = style.background === "box";
  const base: AssStyle = {
    name: "Default",
    fontName: style.font,
    fontSize: layout.fontSize,
    primaryColour: { rgb: style.colour, alpha: 0 },
    secondaryColour: { rgb: style.highlightColour, alpha: 0 },
    // libass fills the box of BorderStyle 3 with the outline colour; the shadow takes the back colour.
    outlineColour: { rgb: "000000", alpha: box ? 0x40 : 0 },
    backColour: { rgb: "000000", alpha: 0x80 },
    bold: style.bold,
    italic: false,
    borderStyle: box ? 3 : 1,
    outline: layout.outline,
    shadow: layout.shadow,
    alignment: layout.alignment,
    marginL: layout.marginL,
    marginR: layout.marginR,
    marginV: layout.marginV,
  };
  const styles: AssStyle[] = [
    base,
    {
      ...base,
      name: TRANSLATION_STYLE,
      fontSize: Math.round(layout.fontSize * style.translationScale),
      primaryColour: { rgb: style.translationColour, alpha: 0 },
    },
  ];
  const speakerStyle = new Map<string, string>();
  if (style.speakerColours) {
    for (const id of new Set(events.flatMap((event) => event.speaker ?? []))) {
      const name = assName(`Speaker ${id}`);
      speakerStyle.set(id, name);
      styles.push({
        ...base,
        name,
        primaryColour: { rgb: lightSpeakerColour(id, script.speakers), alpha: 0 },
      });
    }
  }
  const highlight = `{\\1c${assColour({ rgb: style.highlightColour, alpha: 0 }).replace(/^&H00/, "&H")}&}`;
  const lines = [
    "[Script Info]",
    `Title: ${script.title.replace(/[\r\n]+/g, " ")}`,
    "ScriptType: v4.00+",
    "WrapStyle: 0",
    "ScaledBorderAndShadow: yes",
    "YCbCr Matrix: None",
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    "",
    "[V4+ Styles]",
    ASS_STYLE_FORMAT,
    ...styles.map(assStyleLine),
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  ];
  for (const event of events) {
    const name = (event.speaker !== undefined && speakerStyle.get(event.speaker)) || base.name;
    const text = event.lines
      .map((line) => line.map((span) => spanText(span, highlight)).join(""))
      .join("\\N");
    const translation = event.translation.map(escapeText).join("\\N");
    const full = translation === "" ? text : `${text}\\N{\\r${TRANSLATION_STYLE}}${translation}`;
    const alignment = captionAlignment(event, layout.alignment);
    const place = alignment === layout.alignment ? "" : `{\\an${alignment}}`;
    lines.push(
      `Dialogue: 0,${assTime(event.start)},${assTime(event.end)},${name},,0,0,0,,${place}${full}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** A span: its text, after its styles and highlight colour as override tags, then `\r`. */
function spanText(span: CaptionSpan, highlight: string): string {
  const tags =
    (span.highlight ? highlight.slice(1, -1) : "") +
    (span.italic ? "\\i1" : "") +
    (span.bold ? "\\b1" : "") +
    (span.underline ? "\\u1" : "");
  return tags === "" ? escapeText(span.text) : `{${tags}}${escapeText(span.text)}{\\r}`;
}

/** Text drawn literally: no tags (braces become full-width), no escapes (a backslash is kept apart). */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\u2060")
    .replace(/\{/g, "｛")
    .replace(/\}/g, "｝")
    .replace(/\r?\n/g, "\\N");
}
