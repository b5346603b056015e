export type { ExportInput, StlInformation } from "./export-input.js";
export { exportExtension, writeExport, type ExportFile } from "./export-formats.js";
export {
  exportedCues,
  exportedTranscript,
  TRANSLATION_LANGUAGE,
  type ExportTrack,
} from "./bilingual-track.js";
export { Iso6937Error } from "./iso6937.js";
export { CjkFontMissingError, findCjkFont } from "./cjk-font.js";
export {
  frameEdgeMs,
  frameRate,
  frameRateOfVideo,
  framesDurationMs,
  framesToMs,
  gapAtRate,
  msToFrames,
  nudgeByFrames,
  parseSmpteTimecode,
  smpteTimecode,
  snapToFrame,
  storedFrameRate,
  timecodeFrames,
  timecodeParts,
  type FrameRate,
} from "./frame-rate.js";
export { assScriptFor, assTime, writeAss, type AssScript } from "./ass.js";
export {
  assColour,
  presetAssStyle,
  type AssColour,
  type AssLayout,
  type AssStyle,
} from "./ass-styles.js";
export { speakerColour } from "./speaker-colours.js";
export * from "./captions/index.js";
