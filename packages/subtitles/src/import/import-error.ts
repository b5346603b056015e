/** Why a subtitle or transcript file could not be imported; each has a translated message. */
export const IMPORT_ERROR_CODES = [
  /** The bytes are in no text encoding we read (UTF-8, UTF-16 with BOM, Big5, GB18030, …). */
  "SUBTITLE_ENCODING_UNKNOWN",
  /** The file is in a known format but broken (XML that does not parse, a DOCX that is no ZIP). */
  "SUBTITLE_FILE_INVALID",
  /** The file holds no subtitle with text. */
  "SUBTITLE_FILE_EMPTY",
  /** Larger than an import may be. */
  "SUBTITLE_FILE_TOO_LARGE",
] as const;

export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/**
 * The only error an import reader throws: a stable code and an English message fit to show a
 * user (the server and the web app show their own translations of the code).
 */
export class SubtitleImportError extends Error {
  override readonly name = "SubtitleImportError";

  constructor(
    readonly code: ImportErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isSubtitleImportError(value: unknown): value is SubtitleImportError {
  return value instanceof SubtitleImportError;
}
