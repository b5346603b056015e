import { importAss, looksLikeAss } from "./ass.js";
import { decodeText, type TextEncodingName } from "./decode-text.js";
import { importDocx, looksLikeZip } from "./docx.js";
import { SubtitleImportError } from "./import-error.js";
import { MAX_IMPORT_BYTES, type ImportFormat } from "./import-formats.js";
import { checkImportLimits } from "./import-limits.js";
import type { ImportedCues } from "./imported-cues.js";
import { importPlainText } from "./plain-text.js";
import { importSbv, looksLikeSbv } from "./sbv.js";
import { importSrt, looksLikeSrt } from "./srt.js";
import { checkTimingLines } from "./timing-lines.js";
import { importTtml, looksLikeTtml } from "./ttml.js";
import { importVtt, looksLikeVtt } from "./vtt.js";

export { IMPORT_FORMATS, MAX_IMPORT_BYTES, type ImportFormat } from "./import-formats.js";

/** File name endings and the format they stand for. */
const EXTENSIONS: Readonly<Record<string, ImportFormat>> = {
  srt: "srt",
  vtt: "vtt",
  webvtt: "vtt",
  ass: "ass",
  ssa: "ass",
  ttml: "ttml",
  dfxp: "ttml",
  xml: "ttml",
  sbv: "sbv",
  txt: "txt",
  text: "txt",
  docx: "docx",
};

/** An imported file: its cues, and what it was read as. */
export interface ImportedSubtitles extends ImportedCues {
  format: ImportFormat;
  /** The text encoding it was read in; null for DOCX (a ZIP of XML). */
  encoding: TextEncodingName | null;
}

/**
 * Reads a subtitle or transcript file: SRT, WebVTT, ASS/SSA, TTML (DFXP, IMSC), SBV, plain text
 * (a cue per paragraph) or DOCX (a cue per paragraph). The format is found from the content
 * (a ZIP is DOCX; `WEBVTT`, `[Script Info]`, `<tt>`, the timing lines of SRT and SBV), else
 * from the file name's ending, else plain text; `format` forces one. Text is decoded as
 * decodeText says. What is unpacked and kept is bounded (import-limits.ts). Never throws
 * anything but SubtitleImportError.
 */
export async function readSubtitleFile(
  bytes: Uint8Array,
  options: { fileName?: string; format?: ImportFormat } = {},
): Promise<ImportedSubtitles> {
  try {
    return await readFile(bytes, options);
  } catch (error) {
    if (error instanceof SubtitleImportError) throw error;
    // A reader's own bug on some hostile input: still a clear, typed refusal, never a crash.
    throw new SubtitleImportError(
      "SUBTITLE_FILE_INVALID",
      "The subtitle file could not be read: it seems damaged.",
      { cause: error },
    );
  }
}

async function readFile(
  bytes: Uint8Array,
  options: { fileName?: string; format?: ImportFormat },
): Promise<ImportedSubtitles> {
  if (bytes.length > MAX_IMPORT_BYTES) {
    throw new SubtitleImportError(
      "SUBTITLE_FILE_TOO_LARGE",
      `The subtitle file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MB.`,
    );
  }
  const named = formatOfName(options.fileName);
  const zip = looksLikeZip(bytes);
  if (options.format === "docx" || (options.format === undefined && (zip || named === "docx"))) {
    if (!zip) {
      throw new SubtitleImportError(
        "SUBTITLE_FILE_INVALID",
        "This file is named .docx but is not a Word document.",
      );
    }
    return withCues({ ...(await importDocx(bytes)), format: "docx", encoding: null });
  }
  const { text, encoding } = decodeText(bytes);
  const format = options.format ?? formatOfText(text) ?? named ?? "txt";
  if (format === "docx") throw new Error("unreachable: DOCX is read above");
  if (format === "srt" || format === "vtt") checkTimingLines(text);
  return withCues({ ...READERS[format](text), format, encoding });
}

const READERS: Record<Exclude<ImportFormat, "docx">, (text: string) => ImportedCues> = {
  srt: importSrt,
  vtt: importVtt,
  ass: importAss,
  ttml: importTtml,
  sbv: importSbv,
  txt: importPlainText,
};

/** The format a file's name says, if its ending is one we know. */
export function formatOfName(fileName: string | undefined): ImportFormat | null {
  const ending = /\.([a-z0-9]+)$/iu.exec(fileName ?? "")?.[1]?.toLowerCase();
  return ending === undefined ? null : (EXTENSIONS[ending] ?? null);
}

/** The format a text's content shows, or null when it could be anything (plain text). */
function formatOfText(text: string): ImportFormat | null {
  if (looksLikeVtt(text)) return "vtt";
  if (looksLikeAss(text)) return "ass";
  if (looksLikeTtml(text)) return "ttml";
  if (looksLikeSrt(text)) return "srt";
  if (looksLikeSbv(text)) return "sbv";
  return null;
}

function withCues(imported: ImportedSubtitles): ImportedSubtitles {
  if (imported.cues.length === 0) {
    throw new SubtitleImportError(
      "SUBTITLE_FILE_EMPTY",
      `No subtitles with text were found in this ${imported.format.toUpperCase()} file.`,
    );
  }
  checkImportLimits(imported.cues);
  return imported;
}
