import type { Cue, Speaker } from "../cue.js";
import { placementFields, type CueAlign, type CuePosition } from "../cue-styling.js";

/** What a format reader makes of a file. */
export interface ImportedCues {
  /** The cues in file order, numbered from 1; an untimed file's cues are all at 0. */
  cues: Cue[];
  /** The speakers the cues name, when the format marks them (VTT voices, ASS names, TTML agents). */
  speakers?: Speaker[];
  /** False for a script without times (plain text, DOCX): it can only be re-timed. */
  timed: boolean;
}

/**
 * Numbered cues from timed items, a cue's end never before its start, empty ones left out; a
 * place other than bottom centre kept.
 */
export function timedCues(
  items: readonly {
    start: number;
    end: number;
    text: string;
    speaker?: string;
    position?: CuePosition;
    align?: CueAlign;
  }[],
): Cue[] {
  return items
    .filter((item) => item.text.trim() !== "")
    .map((item, i) => {
      const start = Math.max(0, Math.round(item.start));
      const cue: Cue = {
        index: i + 1,
        start,
        end: Math.max(start, Math.round(item.end)),
        text: item.text,
        ...placementFields(item.position, item.align),
      };
      if (item.speaker !== undefined) cue.speaker = item.speaker;
      return cue;
    });
}

/** An untimed script's paragraphs as cues at 0 (re-timing gives them their times). */
export function untimedCues(paragraphs: readonly string[]): Cue[] {
  return timedCues(paragraphs.map((text) => ({ start: 0, end: 0, text })));
}
