import { normalizeNewlines, parseTimingLine } from "../cue-blocks.js";
import { SubtitleImportError } from "./import-error.js";

/**
 * Refuses an SRT or WebVTT file with a timing line (`start --> end`) whose times cannot be read
 * — a negative time, a letter in a number — naming the line (400 SUBTITLE_TIME_UNREADABLE),
 * instead of leaving that cue out without a word (or, when it was the only one, calling the
 * file empty).
 */
export function checkTimingLines(text: string): void {
  const lines = normalizeNewlines(text).split("\n");
  lines.forEach((line, i) => {
    if (!line.includes("-->") || parseTimingLine(line) !== null) return;
    const timing = line.trim().slice(0, 80);
    throw new SubtitleImportError(
      "SUBTITLE_TIME_UNREADABLE",
      `Line ${i + 1} has a time that cannot be read: “${timing}”. Times are 0 or later, written like 00:01:02,345 --> 00:01:04,000.`,
      { details: { line: i + 1, timing } },
    );
  });
}
