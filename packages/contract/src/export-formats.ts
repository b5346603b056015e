// What a finished transcription can be downloaded as: the one list the web app, the API's
// `?format=`, the CLI's `-f` and the OpenAPI document share (the writers live in
// @verbatim/subtitles and @verbatim/formats). SCC (CEA-608 captions) is left out on purpose:
// see docs/formats.md.

/** Every export format, by the name the web, the API and the CLI use. */
export const EXPORT_FORMATS = [
  "srt",
  "vtt",
  "txt",
  "json",
  "docx",
  "pdf",
  "csv",
  "xlsx",
  "ass",
  "ttml",
  "stl",
  "sbv",
  "fcpxml",
  "premiere",
  "edl",
  "avid",
  "eaf",
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Formats grouped as the download page shows them. */
export const EXPORT_FORMAT_GROUPS = {
  subtitles: ["srt", "vtt", "ass", "ttml", "stl", "sbv"],
  documents: ["docx", "pdf", "txt"],
  data: ["csv", "xlsx", "json", "eaf"],
  editors: ["fcpxml", "premiere", "edl", "avid"],
} as const satisfies Record<string, readonly ExportFormat[]>;

/**
 * Frame rates for SMPTE timecode (EBU-STL, FCPXML, Premiere XML, EDL, Avid markers, document
 * timecodes):
 * "23.976" is 24000/1001 and "29.97" is 30000/1001 with drop-frame timecode.
 */
export const FRAME_RATES = ["23.976", "24", "25", "29.97", "30"] as const;
export type FrameRateName = (typeof FRAME_RATES)[number];

/** The rate used when the media has no video (or one of no usual rate) and none is asked for. */
export const DEFAULT_FRAME_RATE: FrameRateName = "25";
