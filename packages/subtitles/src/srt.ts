import type { Cue } from "./cue.js";
import { numberCues, readTimedBlock, splitBlocks, textForBlock } from "./cue-blocks.js";
import { formatTimecode } from "./timecode.js";

/** Writes SubRip: cues numbered from 1 in the given order, a blank line between them. */
export function writeSrt(cues: readonly Cue[]): string {
  if (cues.length === 0) return "";
  const blocks = cues.map((cue, i) => {
    const timing = `${formatTimecode(cue.start)} --> ${formatTimecode(cue.end)}`;
    return `${i + 1}\n${timing}\n${safeText(cue.text)}`;
  });
  return `${blocks.join("\n\n")}\n`;
}

/**
 * A cue's text as SubRip can hold it: no blank lines (they end a cue) and no "-->" (a player
 * reads a line with it as the timing of a new cue, so text could forge cues the user never made).
 */
function safeText(text: string): string {
  return textForBlock(text).replace(/-->/g, "->");
}

/**
 * Reads SubRip leniently: BOM, CRLF or CR line ends, missing or wrong numbers, extra blank
 * lines, `.` before milliseconds, coordinates after the times; unreadable blocks are
 * skipped and the cues renumbered from 1.
 */
export function readSrt(text: string): Cue[] {
  return numberCues(splitBlocks(text).flatMap(readTimedBlock));
}
