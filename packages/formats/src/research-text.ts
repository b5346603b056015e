import { clockTime } from "./clock-time.js";
import type { ExportInput } from "./export-input.js";
import { speakerLabel } from "./speaker-label.js";
import { speakerTurns } from "./speaker-turns.js";

/**
 * Plain text for qualitative-analysis tools: a paragraph per speaker turn, each starting with
 * its time as `[hh:mm:ss]` and then `Name: ` — the form MAXQDA's "Transcript with timestamps"
 * import and NVivo's "Import transcript entries" (one row per timestamp) both read. Paragraphs
 * are separated by a blank line.
 */
export function writeTimestampedText(input: ExportInput): string {
  const paragraphs = speakerTurns(input.transcript.cues).map((turn) => {
    const name = input.speakerNames === false ? "" : speakerLabel(turn.speaker, input);
    const line = `[${clockTime(turn.start)}] ${name ? `${name}: ` : ""}${turn.text.replace(/\n/g, " ")}`;
    // A bilingual transcript's translation on the line after, inside the same paragraph.
    return turn.translation === undefined ? line : `${line}\n${turn.translation}`;
  });
  return paragraphs.length === 0 ? "" : `${paragraphs.join("\n\n")}\n`;
}
