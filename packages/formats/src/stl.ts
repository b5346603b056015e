import { DEFAULT_FRAME_RATE } from "@verbatim/contract/export-formats";
import { cuesWithText, styledRuns, type CueAlign, type StyledRun } from "@verbatim/subtitles";
import iconv from "iconv-lite";
import type { ExportInput } from "./export-input.js";
import { frameRate, msToFrames, timecodeParts, type FrameRate } from "./frame-rate.js";
import { encodeIso6937 } from "./iso6937.js";
import { speakerSlot } from "./speaker-colours.js";

// EBU-STL (EBU Tech 3264-E, 1991): a 1024-byte General Subtitle Information (GSI) block in
// code page 850, then one 128-byte Text and Timing Information (TTI) block per 112 bytes of
// subtitle text, the text in ISO 6937 (character code table 00, Latin).

const GSI_BYTES = 1024;
const TTI_BYTES = 128;
const TEXT_FIELD_BYTES = 112;
/** Unused text-field bytes. */
const FILLER = 0x8f;
/** A line break in the text field (CR/LF). */
const NEW_LINE = 0x8a;
/** Rows on screen (teletext's 23), the row the last line of a subtitle sits on at the bottom
 * and the first line's row at the top. */
const ROWS = 23;
const BOTTOM_ROW = 22;
const TOP_ROW = 1;
/** Teletext control codes (Tech 3264 TTI "TF"): italics and underline on and off. */
const ITALICS_ON = 0x80;
const ITALICS_OFF = 0x81;
const UNDERLINE_ON = 0x82;
const UNDERLINE_OFF = 0x83;
/** Teletext alphanumeric colours for speakers, in order (white, yellow, cyan, green). */
const SPEAKER_COLOUR_CODES = [0x07, 0x03, 0x06, 0x02] as const;
/** Justification codes (JC): left, centred, right. */
const JUSTIFICATION: Readonly<Record<CueAlign, number>> = { left: 1, center: 2, right: 3 };

/** EBU language codes (Tech 3264 appendix 3) of the languages Whisper reports. */
const LANGUAGE_CODES: Record<string, number> = {
  sq: 0x01,
  br: 0x02,
  ca: 0x03,
  hr: 0x04,
  cy: 0x05,
  cs: 0x06,
  da: 0x07,
  de: 0x08,
  en: 0x09,
  es: 0x0a,
  eo: 0x0b,
  et: 0x0c,
  eu: 0x0d,
  fo: 0x0e,
  fr: 0x0f,
  fy: 0x10,
  ga: 0x11,
  gd: 0x12,
  gl: 0x13,
  is: 0x14,
  it: 0x15,
  la: 0x17,
  lv: 0x18,
  lb: 0x19,
  lt: 0x1a,
  hu: 0x1b,
  mt: 0x1c,
  nl: 0x1d,
  no: 0x1e,
  nn: 0x1e,
  oc: 0x1f,
  pl: 0x20,
  pt: 0x21,
  ro: 0x22,
  rm: 0x23,
  sr: 0x24,
  sk: 0x25,
  sl: 0x26,
  fi: 0x27,
  sv: 0x28,
  tr: 0x29,
};

/**
 * The STL frame rate for the asked one: Tech 3264 defines only 25 (STL25.01) and 30
 * (STL30.01) fps; 29.97 is written at 30 with drop-frame timecode, 23.976 and 24 at 25.
 */
export function stlFrameRate(asked: FrameRate): FrameRate {
  return asked.nominal === 30 ? asked : frameRate("25");
}

/**
 * Writes EBU-STL. Times are the cues' own (the timecode counts from 00:00:00:00); a speaker's
 * lines start with a teletext colour (white, yellow, cyan, green, in order of the speakers), as
 * broadcast subtitles mark speakers. Italics and underline are teletext's control codes (set
 * again on each row, as a row starts plain; STL has no bold); a cue at the top starts on row 1,
 * one aligned left or right is justified so. Throws Iso6937Error for text outside ISO 6937.
 */
export function writeStl(input: ExportInput): Uint8Array {
  const rate = stlFrameRate(frameRate(input.frameRate ?? DEFAULT_FRAME_RATE));
  const cues = cuesWithText(input.transcript.cues);
  const blocks: Uint8Array[] = [];
  let widest = 0;
  cues.forEach((cue, i) => {
    const lines = runLines(styledRuns(cue.text));
    const colour =
      cue.speaker === undefined
        ? []
        : [SPEAKER_COLOUR_CODES[speakerSlot(cue.speaker, input.transcript.speakers) % 4]!];
    const encoded = lines.map((line) => [...colour, ...encodeStyledLine(line)]);
    widest = Math.max(widest, ...encoded.map((line) => displayedCells(line)));
    const text = encoded.flatMap((line, n) => (n === 0 ? line : [NEW_LINE, ...line]));
    const chunks = Math.max(1, Math.ceil(text.length / TEXT_FIELD_BYTES));
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      blocks.push(
        ttiBlock({
          number: i + 1,
          extension: chunk === chunks - 1 ? 0xff : chunk,
          start: msToFrames(cue.start, rate),
          end: msToFrames(cue.end, rate),
          rate,
          row: cue.position === "top" ? TOP_ROW : BOTTOM_ROW - (lines.length - 1),
          justification: JUSTIFICATION[cue.align ?? "center"],
          text: text.slice(chunk * TEXT_FIELD_BYTES, (chunk + 1) * TEXT_FIELD_BYTES),
        }),
      );
    }
  });
  const gsi = gsiBlock({
    input,
    rate,
    blocks: blocks.length,
    subtitles: cues.length,
    widest: Math.min(99, Math.max(widest, 1)),
    firstFrame: cues[0] ? msToFrames(cues[0].start, rate) : 0,
  });
  const file = new Uint8Array(GSI_BYTES + blocks.length * TTI_BYTES);
  file.set(gsi, 0);
  blocks.forEach((block, i) => file.set(block, GSI_BYTES + i * TTI_BYTES));
  return file;
}

interface GsiFields {
  input: ExportInput;
  rate: FrameRate;
  blocks: number;
  subtitles: number;
  widest: number;
  firstFrame: number;
}

function gsiBlock({ input, rate, blocks, subtitles, widest, firstFrame }: GsiFields): Uint8Array {
  const gsi = new Uint8Array(GSI_BYTES).fill(0x20);
  const put = (offset: number, length: number, value: string) => {
    // Code page 850, as CPN says; characters it lacks become "?".
    const bytes = iconv.encode(value.replace(/[\r\n]/g, " "), "cp850").subarray(0, length);
    gsi.set(bytes, offset);
  };
  const date = yymmdd(input.createdAt);
  const language = input.transcript.language?.toLowerCase().split(/[-_]/)[0] ?? "";
  put(0, 3, "850"); // CPN: code page number
  put(3, 8, rate.nominal === 30 ? "STL30.01" : "STL25.01"); // DFC: disk format code
  put(11, 1, "0"); // DSC: display standard, open subtitling
  put(12, 2, "00"); // CCT: character code table, Latin (ISO 6937)
  put(14, 2, hex2(LANGUAGE_CODES[language] ?? 0)); // LC: language code
  const stl = input.stl ?? {};
  put(16, 32, stl.programme ?? input.title); // OPT: original programme title
  put(48, 32, stl.episode ?? ""); // OET: original episode title
  put(224, 6, date); // CD: creation date
  put(230, 6, date); // RD: revision date
  put(236, 2, digits(stl.revision ?? 0, 2)); // RN: revision number
  put(238, 5, digits(blocks, 5)); // TNB: TTI blocks
  put(243, 5, digits(subtitles, 5)); // TNS: subtitles
  put(248, 3, "001"); // TNG: subtitle groups
  put(251, 2, digits(widest, 2)); // MNC: most characters in a row
  put(253, 2, digits(ROWS, 2)); // MNR: rows
  put(255, 1, "1"); // TCS: timecodes are for use
  put(256, 8, "00000000"); // TCP: start of programme
  put(264, 8, timecodeDigits(firstFrame, rate)); // TCF: first in-cue
  put(272, 1, "1"); // TND: disks
  put(273, 1, "1"); // DSN: this disk
  put(274, 3, (stl.country ?? "").toUpperCase()); // CO: country of origin
  put(277, 32, stl.publisher ?? ""); // PUB: publisher
  put(309, 32, stl.editor ?? ""); // EN: editor's name
  put(341, 32, stl.contact ?? ""); // ECD: editor's contact details
  return gsi;
}

interface TtiFields {
  number: number;
  extension: number;
  start: number;
  end: number;
  rate: FrameRate;
  row: number;
  justification: number;
  text: readonly number[];
}

function ttiBlock(fields: TtiFields): Uint8Array {
  const { number, extension, start, end, rate, row, justification, text } = fields;
  const tti = new Uint8Array(TTI_BYTES);
  tti[0] = 0; // SGN: subtitle group
  tti[1] = number & 0xff; // SN: subtitle number, little-endian
  tti[2] = (number >> 8) & 0xff;
  tti[3] = extension; // EBN: 0xFF for the last block of a subtitle
  tti[4] = 0; // CS: not cumulative
  tti.set(timecodeParts(start, rate), 5); // TCI: HH MM SS FF, one byte each
  tti.set(timecodeParts(end, rate), 9); // TCO
  tti[13] = row; // VP: vertical position (row)
  tti[14] = justification; // JC
  tti[15] = 0; // CF: subtitle, not a comment
  tti.fill(FILLER, 16);
  tti.set(text.slice(0, TEXT_FIELD_BYTES), 16);
  return tti;
}

/** A cue's runs cut at its line breaks: one list of runs per row. */
function runLines(runs: readonly StyledRun[]): StyledRun[][] {
  const lines: StyledRun[][] = [[]];
  for (const run of runs) {
    run.text.split("\n").forEach((text, i) => {
      if (i > 0) lines.push([]);
      if (text !== "") lines[lines.length - 1]!.push({ ...run, text });
    });
  }
  return lines;
}

/** A row's bytes: its text in ISO 6937, a control code where italics or underline change. */
function encodeStyledLine(line: readonly StyledRun[]): number[] {
  const bytes: number[] = [];
  let italic = false;
  let underline = false;
  for (const run of line) {
    if (run.italic !== italic) bytes.push(run.italic ? ITALICS_ON : ITALICS_OFF);
    if (run.underline !== underline) bytes.push(run.underline ? UNDERLINE_ON : UNDERLINE_OFF);
    italic = run.italic;
    underline = run.underline;
    bytes.push(...encodeIso6937(run.text));
  }
  return bytes;
}

/** Cells a row takes on screen: each character and each control code (shown as a space). */
function displayedCells(bytes: readonly number[]): number {
  // A diacritic (0xC1-0xCF) combines with the letter after it.
  return bytes.filter((byte) => byte < 0xc1 || byte > 0xcf).length;
}

function timecodeDigits(frames: number, rate: FrameRate): string {
  return timecodeParts(frames, rate)
    .map((part) => digits(part, 2))
    .join("");
}

function yymmdd(date: Date): string {
  return [date.getUTCFullYear() % 100, date.getUTCMonth() + 1, date.getUTCDate()]
    .map((part) => digits(part, 2))
    .join("");
}

function digits(value: number, width: number): string {
  return String(Math.min(value, 10 ** width - 1)).padStart(width, "0");
}

function hex2(value: number): string {
  return value.toString(16).toUpperCase().padStart(2, "0");
}
