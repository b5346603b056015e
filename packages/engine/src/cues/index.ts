export { buildCues } from "./build-cues.js";
export {
  DEFAULT_CUE_OPTIONS,
  isCjkLanguage,
  resolveCueOptions,
  type CueOptions,
} from "./cue-options.js";
export type { TimedSegment } from "./speech-units.js";
