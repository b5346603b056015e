import chardet from "chardet";
import jschardet from "jschardet";
import { SubtitleImportError } from "./import-error.js";

/** The encodings an imported file may be in, by the names TextDecoder knows them by. */
export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "big5" | "gb18030" | string;

/**
 * Single-byte encodings a detector may name that we accept as a last resort: every byte sequence
 * decodes in them, so they are tried only when the detector is fairly sure (a Western file).
 */
const SINGLE_BYTE = new Set(["iso-8859-1", "windows-1252", "iso-8859-2", "windows-1250"]);

/** Multi-byte encodings whose decoding can fail, so a wrong guess is found out. */
const MULTI_BYTE: Readonly<Record<string, string>> = {
  Big5: "big5",
  GB18030: "gb18030",
  "EUC-JP": "euc-jp",
  "EUC-KR": "euc-kr",
  Shift_JIS: "shift_jis",
  "UTF-16LE": "utf-16le",
  "UTF-16BE": "utf-16be",
};

/** How sure the detector must be before a single-byte guess is taken. */
const SINGLE_BYTE_CONFIDENCE = 30;

/**
 * The Chinese, Japanese and Korean encodings jschardet names, by the names TextDecoder knows.
 * Its character-frequency models tell Big5 from GB18030 in a single line of text, where chardet
 * (ICU's detector) cannot and ranks a Western code page first.
 */
const CJK: Readonly<Record<string, string>> = {
  Big5: "big5",
  GB18030: "gb18030",
  GB2312: "gb18030",
  GBK: "gb18030",
  SHIFT_JIS: "shift_jis",
  CP932: "shift_jis",
  "EUC-JP": "euc-jp",
  "EUC-KR": "euc-kr",
  CP949: "euc-kr",
};
/** The least confidence jschardet gives a CJK encoding that we take (a short line gets ~0.02). */
const CJK_MIN_CONFIDENCE = 0.02;
/** A second CJK reading this close to the first (as a share of its confidence) is a tie. */
const CJK_TIE = 1 / 1.5;

/**
 * Decodes a text file's bytes: a byte-order mark decides (UTF-8, UTF-16 LE or BE); otherwise
 * valid UTF-8 is UTF-8; otherwise a Chinese, Japanese or Korean encoding that jschardet ranks
 * clearly first (cjkReading); otherwise the encodings a detector (chardet) ranks highest are tried
 * with Node's decoders (full ICU: Big5, GB18030, …) in its order, and the first that decodes
 * without an invalid sequence wins. Throws SUBTITLE_ENCODING_UNKNOWN when none does, or when
 * the text would hold control characters no subtitle has (a binary file).
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const bom = byteOrderMark(bytes);
  if (bom) {
    const text = strictDecode(bom.encoding, bytes.subarray(bom.length));
    if (text === null) throw unreadable();
    return { text: checkedText(text), encoding: bom.encoding };
  }
  const utf8 = strictDecode("utf-8", bytes);
  // UTF-16 without a mark is valid UTF-8 full of NULs: left to the detector.
  if (utf8 !== null && !hasBinaryControls(utf8)) return { text: utf8, encoding: "utf-8" };
  const cjk = cjkReading(bytes);
  if (cjk) return cjk;
  for (const match of chardet.analyse(bytes)) {
    const multi = MULTI_BYTE[match.name];
    const name = multi ?? match.name.toLowerCase();
    if (!multi && !(SINGLE_BYTE.has(name) && match.confidence >= SINGLE_BYTE_CONFIDENCE)) continue;
    const text = strictDecode(name, bytes);
    if (text !== null && !hasBinaryControls(text)) return { text, encoding: name };
  }
  throw unreadable();
}

/**
 * The text in the CJK encoding jschardet ranks first, when it decodes without an invalid
 * sequence and no other CJK reading of the bytes comes close; null when jschardet sees no CJK
 * text (a Western file: left to chardet). Two close readings that give different text (a line
 * of two or three characters is valid Big5 and GB18030 alike) are refused: a guess there
 * would store garbled text without a word.
 */
function cjkReading(bytes: Uint8Array): { text: string; encoding: TextEncodingName } | null {
  const readings: { encoding: string; text: string; confidence: number }[] = [];
  for (const match of jschardet.detectAll(bytes)) {
    const encoding = match.encoding === null ? undefined : CJK[match.encoding];
    if (encoding === undefined) continue;
    if (readings.some((reading) => reading.encoding === encoding)) continue;
    const text = strictDecode(encoding, bytes);
    if (text === null || hasBinaryControls(text)) continue;
    readings.push({ encoding, text, confidence: match.confidence });
  }
  const [first, ...others] = readings;
  if (!first || first.confidence < CJK_MIN_CONFIDENCE) return null;
  const rival = others.find((other) => other.text !== first.text);
  if (rival && rival.confidence >= first.confidence * CJK_TIE) {
    throw new SubtitleImportError(
      "SUBTITLE_ENCODING_UNKNOWN",
      `The subtitle file's text reads as ${first.encoding.toUpperCase()} and as ${rival.encoding.toUpperCase()} alike: save it as UTF-8 and try again.`,
    );
  }
  return { text: first.text, encoding: first.encoding };
}

function byteOrderMark(
  bytes: Uint8Array,
): { encoding: "utf-8" | "utf-16le" | "utf-16be"; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: "utf-8", length: 3 };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", length: 2 };
  return null;
}

/** The text, or null when the bytes hold a sequence invalid in that encoding. */
function strictDecode(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null; // an invalid sequence (TypeError) or an encoding this Node lacks (RangeError)
  }
}

/** C0 controls other than tab, line feed, form feed and carriage return: a binary file. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY_CONTROLS = /[\u0000-\u0008\u000B\u000E-\u001F]/u;

function hasBinaryControls(text: string): boolean {
  return BINARY_CONTROLS.test(text);
}

function checkedText(text: string): string {
  if (hasBinaryControls(text)) throw unreadable();
  return text;
}

function unreadable(): SubtitleImportError {
  return new SubtitleImportError(
    "SUBTITLE_ENCODING_UNKNOWN",
    "The subtitle file's text could not be read: save it as UTF-8 (or UTF-16, Big5 or GB18030) and try again.",
  );
}
