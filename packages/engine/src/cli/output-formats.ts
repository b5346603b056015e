import { EXPORT_FORMATS, type ExportFormat } from "@verbatim/contract/export-formats";

// Their own module, with the contract's list of names alone, so that `verbatim --help` can
// name them without loading a writer (docs/cli.md, "Start-up").

/** Output formats of a transcription: the web's and the API's export formats. */
export const OUTPUT_FORMATS = EXPORT_FORMATS;
export type OutputFormat = ExportFormat;
