import type { Cue } from "../cue.js";
import { SubtitleImportError } from "./import-error.js";

// What an imported file may hold once read: the bytes sent are bounded by MAX_IMPORT_BYTES, but
// a DOCX is a ZIP (its XML inflates many times over) and one text cue may hold the whole file,
// so what is unpacked and what is kept are bounded too. A feature film's subtitles are about
// 1,500 cues and 60,000 characters; a ten-hour recording at a cue every two seconds is 18,000.

/** The most a DOCX's parts may inflate to, all together (a 300-page script's XML is ~5 MB; pictures inflate little). */
export const MAX_DOCX_INFLATED_BYTES = 24 * 1024 * 1024;
/** The most cues an import keeps. */
export const MAX_IMPORT_CUES = 20_000;
/** The most characters one imported cue (or a script's paragraph) may hold. */
export const MAX_CUE_CHARS = 10_000;
/** The most characters of text an import keeps, all cues together. */
export const MAX_IMPORT_CHARS = 2_000_000;

/**
 * Checks imported cues against the limits: 413 SUBTITLE_FILE_TOO_LONG for too many cues or too
 * much text, 400 SUBTITLE_CUE_TOO_LONG naming the first cue that is too long.
 */
export function checkImportLimits(cues: readonly Pick<Cue, "index" | "text">[]): void {
  if (cues.length > MAX_IMPORT_CUES) throw tooLong();
  let chars = 0;
  for (const cue of cues) {
    if (cue.text.length > MAX_CUE_CHARS) {
      throw new SubtitleImportError(
        "SUBTITLE_CUE_TOO_LONG",
        `Subtitle ${cue.index} holds more than ${MAX_CUE_CHARS.toLocaleString("en")} characters: split it into shorter subtitles or paragraphs.`,
        { details: { cue: cue.index, maxChars: MAX_CUE_CHARS } },
      );
    }
    chars += cue.text.length;
    if (chars > MAX_IMPORT_CHARS) throw tooLong();
  }
}

function tooLong(): SubtitleImportError {
  return new SubtitleImportError(
    "SUBTITLE_FILE_TOO_LONG",
    `The file holds more than ${MAX_IMPORT_CUES.toLocaleString("en")} subtitles or ${MAX_IMPORT_CHARS.toLocaleString("en")} characters: split it and import each part with its own media.`,
    { details: { maxCues: MAX_IMPORT_CUES, maxChars: MAX_IMPORT_CHARS } },
  );
}
