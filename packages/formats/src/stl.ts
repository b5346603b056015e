import { DEFAULT_FRAME_RATE } from "@verbatim/contract";
import { cuesWithText } from "@verbatim/subtitles";
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
/** Rows on screen (teletext's 23) and the row the last line of a subtitle sits on. */
const ROWS = 23;
const BOTTOM_ROW = 22;
/** Teletext alphanumeric colours for speakers, in order (white, yellow, cyan, green). */
const SPEAKER_COLOUR_CODES = [0x07, 0x03, 0x06, 0x02] as const;
/** Justification: centred. */
const CENTRED = 2;

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
 * broadcast subtitles mark speakers. Throws Iso6937Error for text outside ISO 6937 (Chinese).
 */
export function writeStl(input: ExportInput): Uint8Array {
  const rate = stlFrameRate(frameRate(input.frameRate ?? DEFAULT_FRAME_RATE));
  const cues = cuesWithText(input.transcript.cues);
  const blocks: Uint8Array[] = [];
  let widest = 0;
  cues.forEach((cue, i) => {
    const lines = cue.text.split("\n");
    const colour =
      cue.speaker === undefined
        ? []
        : [SPEAKER_COLOUR_CODES[speakerSlot(cue.speaker, input.transcript.speakers) % 4]!];
    const encoded = lines.map((line) => [...colour, ...encodeIso6937(line)]);
    widest = Math.max(widest, ...lines.map((line) => [...line].length + colour.length));
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
          row: BOTTOM_ROW - (lines.length - 1),
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
  put(16, 32, input.title); // OPT: original programme title
  put(224, 6, date); // CD: creation date
  put(230, 6, date); // RD: revision date
  put(236, 2, "00"); // RN: revision number
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
  put(277, 32, "Verbatim"); // PUB: publisher
  return gsi;
}

interface TtiFields {
  number: number;
  extension: number;
  start: number;
  end: number;
  rate: FrameRate;
  row: number;
  text: readonly number[];
}

function ttiBlock({ number, extension, start, end, rate, row, text }: TtiFields): Uint8Array {
  const tti = new Uint8Array(TTI_BYTES);
  tti[0] = 0; // SGN: subtitle group
  tti[1] = number & 0xff; // SN: subtitle number, little-endian
  tti[2] = (number >> 8) & 0xff;
  tti[3] = extension; // EBN: 0xFF for the last block of a subtitle
  tti[4] = 0; // CS: not cumulative
  tti.set(timecodeParts(start, rate), 5); // TCI: HH MM SS FF, one byte each
  tti.set(timecodeParts(end, rate), 9); // TCO
  tti[13] = row; // VP: vertical position (row)
  tti[14] = CENTRED; // JC
  tti[15] = 0; // CF: subtitle, not a comment
  tti.fill(FILLER, 16);
  tti.set(text.slice(0, TEXT_FIELD_BYTES), 16);
  return tti;
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
