import type { Cue } from "./cue.js";
import { parseTimecode } from "./timecode.js";

/** A cue read from a text format, before it is numbered. */
export interface TimedText {
  start: number;
  end: number;
  text: string;
  /** What follows the times on the timing line (WebVTT's cue settings), "" when nothing. */
  settings: string;
}

const TIMING_LINE = /^\s*([0-9:.,]+)\s*-->\s*([0-9:.,]+)(?:\s(.*))?$/;
const IDENTIFIER_LINE = /^\s*\d+\s*$/;

/** Drops a byte-order mark and turns CRLF and CR line ends into LF. */
export function normalizeNewlines(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** Splits a file into blocks of lines separated by blank (or whitespace-only) lines. */
export function splitBlocks(text: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of normalizeNewlines(text).split("\n")) {
    if (line.trim() === "") {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

/** Reads `start --> end` with anything after it (SRT coordinates, VTT settings). */
export function parseTimingLine(
  line: string,
): { start: number; end: number; settings: string } | null {
  const match = TIMING_LINE.exec(line);
  if (!match) return null;
  const start = parseTimecode(match[1] ?? "");
  const end = parseTimecode(match[2] ?? "");
  return start === null || end === null ? null : { start, end, settings: (match[3] ?? "").trim() };
}

/**
 * Reads the cues of one block. Lines before the first timing line (an index or identifier)
 * are ignored; a block without one yields nothing. A second timing line in the same block
 * starts another cue (a missing blank line), taking a number line just before it as its index.
 */
export function readTimedBlock(lines: readonly string[]): TimedText[] {
  const timings = lines.flatMap((line, i) => {
    const timing = parseTimingLine(line);
    return timing ? [{ at: i, ...timing }] : [];
  });
  return timings.map((timing, k) => {
    let to = timings[k + 1]?.at ?? lines.length;
    if (to < lines.length && to - 1 > timing.at && IDENTIFIER_LINE.test(lines[to - 1] ?? "")) {
      to -= 1;
    }
    const text = lines
      .slice(timing.at + 1, to)
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .join("\n");
    return { start: timing.start, end: timing.end, text, settings: timing.settings };
  });
}

/** Numbers read cues from 1 in file order. */
export function numberCues(items: readonly TimedText[]): Cue[] {
  return items.map((item, i) => ({
    index: i + 1,
    start: item.start,
    end: item.end,
    text: item.text,
  }));
}

/** A cue's text ready to write: CRLF folded, blank lines dropped so the block stays whole. */
export function textForBlock(text: string): string {
  return normalizeNewlines(text)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .join("\n");
}
