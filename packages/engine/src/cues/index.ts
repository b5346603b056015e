export { buildCues } from "./build-cues.js";
export {
  DEFAULT_CUE_OPTIONS,
  resolveCueOptions,
  styleCueOptions,
  type CueOptions,
} from "./cue-options.js";
export { isCjkLanguage } from "@verbatim/subtitles";
export type { TimedSegment } from "./speech-units.js";
