// The formats a subtitle or transcript file is imported from: its own module, so that the
// contract (and the web app through it) can name them without loading the readers.

/** The formats a subtitle or transcript file is imported from. */
export const IMPORT_FORMATS = ["srt", "vtt", "ass", "ttml", "sbv", "txt", "docx"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
