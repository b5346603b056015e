import { parse } from "ass-compiler";
import { speakersFromNames } from "../speaker-names.js";
import { SubtitleImportError } from "./import-error.js";
import { timedCues, type ImportedCues } from "./imported-cues.js";

/**
 * ASS and SSA (SubStation Alpha): each `Dialogue` line is a cue (comments are left out), its
 * override tags (`{\b1}`) and drawings dropped, `\N` and `\n` as line breaks, `\h` as a space;
 * the `Name` field is the cue's speaker.
 */
export function importAss(text: string): ImportedCues {
  let dialogue;
  try {
    dialogue = parse(text).events.dialogue;
  } catch (error) {
    throw new SubtitleImportError(
      "SUBTITLE_FILE_INVALID",
      "This ASS/SSA file is damaged: its events could not be read.",
      { cause: error },
    );
  }
  const items = dialogue
    .filter((event) => Number.isFinite(event.Start) && Number.isFinite(event.End))
    .map((event) => ({
      start: event.Start * 1000,
      end: event.End * 1000,
      text: plainText(
        event.Text.parsed
          .filter((part) => part.drawing.length === 0)
          .map((part) => part.text)
          .join(""),
      ),
      name: event.Name.trim(),
    }))
    .filter((item) => item.text !== "");
  const { speakers, idOf } = speakersFromNames(
    items.map((item) => item.name).filter((name) => name !== ""),
  );
  const cues = timedCues(
    items.map(({ name, ...item }) => (name !== "" ? { ...item, speaker: idOf(name) } : item)),
  );
  return { cues, ...(speakers.length > 0 ? { speakers } : {}), timed: true };
}

/** An event's text without ASS escapes: hard and soft breaks as new lines, hard spaces as spaces. */
function plainText(text: string): string {
  return text
    .replace(/\\[Nn]/gu, "\n")
    .replace(/\\h/gu, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** Whether text is ASS or SSA: a `[Script Info]` or `[Events]` section. */
export function looksLikeAss(text: string): boolean {
  return /^\s*\[(?:Script Info|Events)\]\s*$/imu.test(text.slice(0, 4096));
}
