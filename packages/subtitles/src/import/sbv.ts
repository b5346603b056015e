import { splitBlocks } from "../cue-blocks.js";
import { parseTimecode } from "../timecode.js";
import { timedCues, type ImportedCues } from "./imported-cues.js";

/** YouTube's SubViewer timing line: `0:00:01.000,0:00:04.000`. */
const SBV_TIMING =
  /^\s*(\d+:\d{1,2}:\d{1,2}(?:\.\d{1,3})?)\s*,\s*(\d+:\d{1,2}:\d{1,2}(?:\.\d{1,3})?)\s*$/u;

/**
 * SBV (YouTube): blocks of a timing line and the text lines under it; a block without a timing
 * line is skipped.
 */
export function importSbv(text: string): ImportedCues {
  const items = splitBlocks(text).flatMap((lines) => {
    const at = lines.findIndex((line) => SBV_TIMING.test(line));
    if (at < 0) return [];
    const [, from = "", to = ""] = SBV_TIMING.exec(lines[at] ?? "") ?? [];
    const start = parseTimecode(from);
    const end = parseTimecode(to);
    if (start === null || end === null) return [];
    const body = lines
      .slice(at + 1)
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .join("\n");
    return [{ start, end, text: body }];
  });
  return { cues: timedCues(items), timed: true };
}

/** Whether text looks like SBV: a line that is a timing line and nothing else. */
export function looksLikeSbv(text: string): boolean {
  return text.split(/\r\n?|\n/u, 50).some((line) => SBV_TIMING.test(line));
}
