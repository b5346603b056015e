export {
  IMPORT_FORMATS,
  MAX_IMPORT_BYTES,
  formatOfName,
  readSubtitleFile,
  type ImportFormat,
  type ImportedSubtitles,
} from "./read-subtitle-file.js";
export { decodeText, type TextEncodingName } from "./decode-text.js";
export {
  IMPORT_ERROR_CODES,
  isSubtitleImportError,
  SubtitleImportError,
  type ImportErrorCode,
} from "./import-error.js";
export type { ImportedCues } from "./imported-cues.js";
export {
  MAX_CUE_CHARS,
  MAX_DOCX_INFLATED_BYTES,
  MAX_IMPORT_CHARS,
  MAX_IMPORT_CUES,
} from "./import-limits.js";
