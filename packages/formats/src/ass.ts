import {
  cuesWithText,
  DEFAULT_STYLE,
  keypadAlignment,
  plainCueText,
  styledRuns,
  writeRuns,
  type Cue,
  type RunWriter,
  type Word,
} from "@verbatim/subtitles";
import {
  ASS_STYLE_FORMAT,
  assName,
  assStyleLine,
  presetAssStyle,
  type AssLayout,
  type AssStyle,
} from "./ass-styles.js";
import type { ExportInput } from "./export-input.js";
import { lightSpeakerColour } from "./speaker-colours.js";
import { speakerLabel } from "./speaker-label.js";

/** What the ASS writer needs beyond the cues: canvas, styles, which style a cue takes. */
export interface AssScript {
  title: string;
  layout: AssLayout;
  /** The style of a cue (by name, one of layout.styles); the first style when undefined. */
  styleOf(cue: Cue): string | undefined;
  /** The `Name` (actor) field of a cue's dialogue line. */
  nameOf(cue: Cue): string;
  /** Karaoke `\k` tags from word timings, on cues whose words still spell their text. */
  karaoke: boolean;
}

/**
 * The script an export asks for: the preset's default style, and one style per speaker (the
 * default in the speaker's colour, named after the speaker) when cues carry speakers.
 */
export function assScriptFor(input: ExportInput): AssScript {
  const base = presetAssStyle(input.style ?? DEFAULT_STYLE, input.transcript.language);
  const speakerIds = [...new Set(input.transcript.cues.flatMap((cue) => cue.speaker ?? []))];
  const styleNames = new Map<string, string>();
  const styles: AssStyle[] = [base];
  for (const id of speakerIds) {
    let name = assName(speakerLabel(id, input));
    while (styles.some((style) => style.name === name)) name = `${name} (${id})`;
    styleNames.set(id, name);
    styles.push({
      ...base,
      name,
      primaryColour: { rgb: lightSpeakerColour(id, input.transcript.speakers), alpha: 0 },
    });
  }
  return {
    title: input.title,
    layout: { playResX: 1920, playResY: 1080, styles },
    styleOf: (cue) => (cue.speaker === undefined ? undefined : styleNames.get(cue.speaker)),
    nameOf: (cue) => (input.speakerNames === false ? "" : speakerLabel(cue.speaker, input)),
    karaoke: input.karaoke === true,
  };
}

/**
 * Advanced SubStation Alpha (v4.00+): the script's info, its styles, a dialogue line per cue.
 * A cue's italics, bold and underline are `{\i1}`…`{\i0}` (`\b`, `\u`); a cue placed
 * elsewhere than bottom centre starts with `{\anN}` (8: top centre).
 */
export function writeAss(cues: readonly Cue[], script: AssScript): string {
  const { layout } = script;
  const fallback = layout.styles[0]?.name ?? "Default";
  const known = new Set(layout.styles.map((style) => style.name));
  const lines = [
    "[Script Info]",
    `Title: ${oneLine(script.title)}`,
    "ScriptType: v4.00+",
    "WrapStyle: 0",
    "ScaledBorderAndShadow: yes",
    "YCbCr Matrix: None",
    `PlayResX: ${layout.playResX}`,
    `PlayResY: ${layout.playResY}`,
    "",
    "[V4+ Styles]",
    ASS_STYLE_FORMAT,
    ...layout.styles.map(assStyleLine),
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  ];
  for (const cue of cuesWithText(cues)) {
    const style = script.styleOf(cue);
    const place =
      cue.position === "top" || (cue.align !== undefined && cue.align !== "center")
        ? `{\\an${keypadAlignment(cue.position, cue.align)}}`
        : "";
    // Karaoke times the plain words: a styled cue's karaoke loses its styles.
    const karaoke = script.karaoke && karaokeText({ ...cue, text: plainCueText(cue.text) });
    const text = place + (karaoke || writeRuns(styledRuns(cue.text), ASS_RUNS));
    lines.push(
      `Dialogue: 0,${assTime(cue.start)},${assTime(cue.end)},${style && known.has(style) ? style : fallback},${oneLine(script.nameOf(cue)).replace(/,/g, " ")},0,0,0,,${text}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** `H:MM:SS.cc`: ASS counts centiseconds. */
export function assTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/**
 * Text as ASS shows it literally: line breaks as `\N`; a backslash cannot start a tag (a word
 * joiner follows it) and braces, which open and close override blocks, become full-width.
 */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\u2060")
    .replace(/\{/g, "｛")
    .replace(/\}/g, "｝")
    .replace(/\r?\n/g, "\\N");
}

/** ASS's runs: text escaped (escapeText), styles as override tags. */
const ASS_RUNS: RunWriter = {
  escape: escapeText,
  open: (style) => `{\\${style[0]}1}`,
  close: (style) => `{\\${style[0]}0}`,
};

/**
 * The cue's text with `{\kN}` before each word (N: centiseconds until the next word starts,
 * the last until the cue ends), the first word's delay as an empty `{\kN}`; null when the
 * cue has no words or its text no longer holds them in order (edited text keeps its lines
 * but loses karaoke).
 */
function karaokeText(cue: Cue): string | null {
  const words = (cue.words ?? []).filter((word) => word.text.trim() !== "");
  if (words.length === 0) return null;
  let at = 0;
  let out = "";
  const cs = (ms: number) => Math.round(Math.min(Math.max(ms, cue.start), cue.end) / 10);
  let clock = cs(cue.start);
  const lead = cs(words[0]!.start) - clock;
  if (lead > 0) {
    out += `{\\k${lead}}`;
    clock += lead;
  }
  for (const [i, word] of words.entries()) {
    const spelled = word.text.trim();
    const found = cue.text.indexOf(spelled, at);
    if (found < 0 || cue.text.slice(at, found).trim() !== "") return null;
    const next: Word | undefined = words[i + 1];
    const until = cs(next ? next.start : cue.end);
    out += `${escapeText(cue.text.slice(at, found))}{\\k${Math.max(0, until - clock)}}${escapeText(spelled)}`;
    clock = Math.max(clock, until);
    at = found + spelled.length;
  }
  if (cue.text.slice(at).trim() !== "") return null;
  return out;
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}
