import type { EngineErrorCode } from "../errors.js";

/** Parent → voice process: embed the speech of one clip. */
export interface VoiceRequest {
  input: string;
  /** The embedding model file. */
  model: string;
  startMs: number;
  /** Where to stop reading (ms); Infinity for the end of the file. */
  endMs: number;
}

/** Voice process → parent. */
export type VoiceReply =
  { type: "done"; embedding: number[] } | { type: "error"; code: EngineErrorCode; message: string };
