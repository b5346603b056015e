// The formats a subtitle or transcript file is imported from: its own module, so that the
// contract (and the web app through it) can name them without loading the readers.

/** The formats a subtitle or transcript file is imported from. */
export const IMPORT_FORMATS = ["srt", "vtt", "ass", "ttml", "sbv", "txt", "docx"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The largest subtitle or transcript file an import reads (a feature film's SRT is ~100 KB). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
