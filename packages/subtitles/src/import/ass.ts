import { parse } from "ass-compiler";
import { placementFields, placementOfKeypad, writeRuns, type StyledRun } from "../cue-styling.js";
import { speakersFromNames } from "../speaker-names.js";
import { SubtitleImportError } from "./import-error.js";
import { timedCues, type ImportedCues } from "./imported-cues.js";

/**
 * ASS and SSA (SubStation Alpha): each `Dialogue` line is a cue (comments are left out); its
 * italics, bold and underline (`{\i1}`, `\b1`, `\u1`, `\r`, or its style's) kept as the cue's
 * styles and its `\anN` (or its style's alignment) as its place, other override tags and
 * drawings dropped; `\N` and `\n` as line breaks, `\h` as a space; the `Name` field is the
 * cue's speaker.
 */
export function importAss(text: string): ImportedCues {
  let dialogue;
  let styles;
  try {
    const parsed = parse(text);
    dialogue = parsed.events.dialogue;
    styles = new Map(parsed.styles.style.map((style) => [style.Name, style]));
  } catch (error) {
    throw new SubtitleImportError(
      "SUBTITLE_FILE_INVALID",
      "This ASS/SSA file is damaged: its events could not be read.",
      { cause: error },
    );
  }
  const items = dialogue
    .filter((event) => Number.isFinite(event.Start) && Number.isFinite(event.End))
    .map((event) => {
      const style = styles.get(event.Style);
      const base = {
        italic: flagOn(style?.Italic),
        bold: flagOn(style?.Bold),
        underline: flagOn(style?.Underline),
      };
      let keypad = Number(style?.Alignment ?? 2);
      let now = { ...base };
      const runs: StyledRun[] = [];
      for (const part of event.Text.parsed) {
        for (const tag of part.tags) {
          if (tag.r !== undefined) now = { ...base };
          if (tag.i !== undefined) now.italic = tag.i !== 0;
          if (tag.b !== undefined) now.bold = tag.b !== 0;
          if (tag.u !== undefined) now.underline = tag.u !== 0;
          if (tag.an !== undefined) keypad = tag.an;
        }
        if (part.drawing.length === 0) runs.push({ ...now, text: assText(part.text) });
      }
      const place = placementOfKeypad(keypad);
      return {
        start: event.Start * 1000,
        end: event.End * 1000,
        text: trimLines(writeRuns(runs)),
        name: event.Name.trim(),
        ...placementFields(place?.position, place?.align),
      };
    })
    .filter((item) => item.text !== "");
  const { speakers, idOf } = speakersFromNames(
    items.map((item) => item.name).filter((name) => name !== ""),
  );
  const cues = timedCues(
    items.map(({ name, ...item }) => (name !== "" ? { ...item, speaker: idOf(name) } : item)),
  );
  return { cues, ...(speakers.length > 0 ? { speakers } : {}), timed: true };
}

/**
 * An event's text without ASS escapes: hard and soft breaks as new lines, hard spaces as spaces,
 * the word joiner Verbatim's writer puts after a backslash taken off.
 */
function assText(text: string): string {
  return text
    .replace(/\\[Nn]/gu, "\n")
    .replace(/\\h/gu, " ")
    .replace(/\\\u2060/gu, "\\");
}

/** A style's `-1` (ASS) or `1` is on. */
function flagOn(value: string | undefined): boolean {
  return value !== undefined && Number(value) !== 0 && Number.isFinite(Number(value));
}

/** Markup's lines trimmed, empty ones left out. */
function trimLines(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** Whether text is ASS or SSA: a `[Script Info]` or `[Events]` section. */
export function looksLikeAss(text: string): boolean {
  return /^\s*\[(?:Script Info|Events)\]\s*$/imu.test(text.slice(0, 4096));
}
