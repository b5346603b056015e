import { DEFAULT_FRAME_RATE } from "@verbatim/contract/export-formats";
import { cuesWithText, joinLines } from "@verbatim/subtitles";
import { cueTranslation } from "./bilingual-track.js";
import type { ExportInput } from "./export-input.js";
import { frameRate, msToFrames, type FrameRate } from "./frame-rate.js";
import { namesSpeakers, speakerLabel } from "./speaker-label.js";

/** One marker for a video editor: a cue at frame positions, its one-line comment. */
export interface EditorMarker {
  /** First frame, from the start of the media. */
  start: number;
  /** Length in frames (at least 1). */
  duration: number;
  /** "Name: text" (or the text; "text / translation" when bilingual), on one line. */
  comment: string;
  /** The speaker's id, for a colour. */
  speaker: string | undefined;
}

/** The export's frame rate and a marker per cue, frame-aligned. */
export function editorMarkers(input: ExportInput): { rate: FrameRate; markers: EditorMarker[] } {
  const rate = frameRate(input.frameRate ?? DEFAULT_FRAME_RATE);
  const named = namesSpeakers(input);
  const markers = cuesWithText(input.transcript.cues).map((cue) => {
    const start = msToFrames(cue.start, rate);
    const translation = cueTranslation(cue);
    // A bilingual cue: its translation after " / " (a marker's comment is one line).
    const text = (
      translation === undefined ? joinLines(cue.text) : `${joinLines(cue.text)} / ${translation}`
    ).replace(/[\t\r\n|]+/g, " ");
    const name = named && cue.speaker !== undefined ? speakerLabel(cue.speaker, input) : "";
    return {
      start,
      duration: Math.max(1, msToFrames(cue.end, rate) - start),
      comment: name ? `${name}: ${text}` : text,
      speaker: cue.speaker,
    };
  });
  return { rate, markers };
}
