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
  /** A Word document whose parts inflate past what an import unpacks (a ZIP bomb). */
  "SUBTITLE_DOCUMENT_TOO_LARGE",
  /** More cues or more text than an import keeps. */
  "SUBTITLE_FILE_TOO_LONG",
  /** One cue (or a script's paragraph) holds more text than a cue may. */
  "SUBTITLE_CUE_TOO_LONG",
  /** A timing line whose times cannot be read (a negative time, a malformed one). */
  "SUBTITLE_TIME_UNREADABLE",
] as const;

export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/**
 * The only error an import reader throws: a stable code and an English message fit to show a
 * user (the server and the web app show their own translations of the code).
 */
export class SubtitleImportError extends Error {
  override readonly name = "SubtitleImportError";

  /** What the message names (a line, a cue, a limit), for the translated texts. */
  readonly details: Readonly<Record<string, string | number>> | undefined;

  constructor(
    readonly code: ImportErrorCode,
    message: string,
    options?: { cause?: unknown; details?: Readonly<Record<string, string | number>> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.details = options?.details;
  }
}

export function isSubtitleImportError(value: unknown): value is SubtitleImportError {
  return value instanceof SubtitleImportError;
}
