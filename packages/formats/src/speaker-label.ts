import { speakerDisplayName } from "@verbatim/subtitles";
import type { ExportInput } from "./export-input.js";

/** A cue's or turn's speaker as written in an export ("" when it has none). */
export function speakerLabel(id: string | undefined, input: ExportInput): string {
  if (id === undefined) return "";
  return speakerDisplayName(id, { speakers: input.transcript.speakers, locale: input.locale });
}

/** Whether the text carries speaker names: cues have speakers and the user did not turn them off. */
export function namesSpeakers(input: ExportInput): boolean {
  return (
    input.speakerNames !== false && input.transcript.cues.some((cue) => cue.speaker !== undefined)
  );
}
