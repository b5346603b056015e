export {
  retimeCues,
  type RetimedCue,
  type RetimeOptions,
  type Retiming,
  type ScriptMismatch,
} from "./retime-cues.js";
export { tokensOf } from "./alignment-tokens.js";
