import { SubtitleImportError } from "./import-error.js";
import type { ImportedCues } from "./imported-cues.js";
import { importPlainText } from "./plain-text.js";

/**
 * A Word document's text (mammoth reads the paragraphs of `word/document.xml`): one cue per
 * paragraph, untimed, as plain text is.
 */
export async function importDocx(bytes: Uint8Array): Promise<ImportedCues> {
  let text: string;
  // Loaded when a DOCX is imported, not with every start of the CLI and the server.
  const { default: mammoth } = await import("mammoth");
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    text = result.value;
  } catch (error) {
    throw new SubtitleImportError(
      "SUBTITLE_FILE_INVALID",
      "This DOCX file could not be opened: it is damaged or not a Word document.",
      { cause: error },
    );
  }
  return importPlainText(text);
}

/** Whether bytes start as a ZIP archive does (a DOCX is one). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
