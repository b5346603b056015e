import { readSrt } from "../srt.js";
import { timedCues, type ImportedCues } from "./imported-cues.js";

/**
 * SubRip, read as the exporter's reader reads it (lenient about numbers, blank lines, CRLF,
 * `.` before milliseconds); the text is kept as written, markup such as `<i>` included.
 */
export function importSrt(text: string): ImportedCues {
  return { cues: timedCues(readSrt(text)), timed: true };
}

/** Whether text looks like SubRip: a `00:00:01,000 --> 00:00:02,000` line. */
export function looksLikeSrt(text: string): boolean {
  return /^\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/mu.test(text);
}
