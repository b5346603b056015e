import { SubtitleImportError } from "./import-error.js";
import type { ImportedCues } from "./imported-cues.js";
import { MAX_DOCX_INFLATED_BYTES } from "./import-limits.js";
import { importPlainText } from "./plain-text.js";

/**
 * A Word document's text (mammoth reads the paragraphs of `word/document.xml`): one cue per
 * paragraph, untimed, as plain text is. The document's parts are first inflated as a stream
 * and counted, stopping past MAX_DOCX_INFLATED_BYTES (413 SUBTITLE_DOCUMENT_TOO_LARGE), so that
 * a small ZIP whose XML inflates to hundreds of megabytes is refused before mammoth unpacks it.
 */
export async function importDocx(bytes: Uint8Array): Promise<ImportedCues> {
  // Loaded when a DOCX is imported, not with every start of the CLI and the server.
  const [{ default: JSZip }, { default: mammoth }] = await Promise.all([
    import("jszip"),
    import("mammoth"),
  ]);
  let text: string;
  try {
    // The same ZIP reader mammoth opens the document with, so both see the same parts.
    await checkInflatedSize(await JSZip.loadAsync(bytes));
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    text = result.value;
  } catch (error) {
    if (error instanceof SubtitleImportError) throw error;
    throw new SubtitleImportError(
      "SUBTITLE_FILE_INVALID",
      "This DOCX file could not be opened: it is damaged or not a Word document.",
      { cause: error },
    );
  }
  return importPlainText(text);
}

/** What checkInflatedSize needs of a loaded ZIP (jszip's). */
interface ZipParts {
  files: Record<string, { dir: boolean; nodeStream(type: "nodebuffer"): NodeJS.ReadableStream }>;
}

/**
 * Inflates every part of the ZIP as a stream, counting the bytes, and stops at once (the
 * stream destroyed, nothing kept) when all of them together pass MAX_DOCX_INFLATED_BYTES: the
 * sizes the ZIP declares are the sender's word and are not trusted.
 */
async function checkInflatedSize(zip: ZipParts): Promise<void> {
  let total = 0;
  for (const part of Object.values(zip.files)) {
    if (part.dir) continue;
    await new Promise<void>((resolve, reject) => {
      const stream = part.nodeStream("nodebuffer");
      stream.on("error", reject);
      stream.on("end", () => resolve());
      stream.on("data", (chunk: Buffer) => {
        total += chunk.length;
        if (total <= MAX_DOCX_INFLATED_BYTES) return;
        stream.removeAllListeners("data");
        stream.pause();
        (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
        reject(
          new SubtitleImportError(
            "SUBTITLE_DOCUMENT_TOO_LARGE",
            `This Word document unpacks to more than ${MAX_DOCX_INFLATED_BYTES / (1024 * 1024)} MB: save the script as plain text, or split it.`,
            { details: { limitMb: MAX_DOCX_INFLATED_BYTES / (1024 * 1024) } },
          ),
        );
      });
    });
  }
}

/** Whether bytes start as a ZIP archive does (a DOCX is one). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
