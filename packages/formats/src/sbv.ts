import { cuesWithText } from "@verbatim/subtitles";
import type { ExportInput } from "./export-input.js";
import { namesSpeakers, speakerLabel } from "./speaker-label.js";

/**
 * SubViewer as YouTube reads it (.sbv): `H:MM:SS.mmm,H:MM:SS.mmm`, the text's lines, a blank
 * line between captions. A speaker starts the first line as `Name: ` (as in SRT); blank lines
 * inside a cue are dropped (they would end it).
 */
export function writeSbv(input: ExportInput): string {
  const named = namesSpeakers(input);
  const blocks = cuesWithText(input.transcript.cues).map((cue) => {
    const prefix =
      named && cue.speaker !== undefined ? `${speakerLabel(cue.speaker, input)}: ` : "";
    const lines = (prefix + cue.text).split("\n").filter((line) => line.trim() !== "");
    return `${sbvTime(cue.start)},${sbvTime(cue.end)}\n${lines.join("\n")}`;
  });
  return blocks.length === 0 ? "" : `${blocks.join("\n\n")}\n`;
}

function sbvTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${hours}:${pad(minutes)}:${pad(seconds)}.${pad(total % 1000, 3)}`;
}
