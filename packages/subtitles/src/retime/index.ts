export { retimeCues, type RetimedCue, type RetimeOptions, type Retiming } from "./retime-cues.js";
export { tokensOf } from "./alignment-tokens.js";
