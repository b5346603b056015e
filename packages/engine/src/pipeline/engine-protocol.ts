import type { EngineErrorCode } from "../errors.js";
import type {
  PipelineOptions,
  PipelineOutput,
  PipelineProgress,
  Segment,
} from "./pipeline-types.js";

/** Parent → engine process: run one transcription. */
export interface StartMessage {
  type: "start";
  input: string;
  modelPath: string;
  options: PipelineOptions;
}

/** Engine process → parent. */
export type EngineMessage =
  | { type: "loaded"; modelLoadMs: number }
  | ({ type: "progress" } & PipelineProgress)
  | { type: "segment"; segment: Segment }
  | { type: "done"; output: PipelineOutput }
  | {
      type: "error";
      code: EngineErrorCode;
      message: string;
      details?: Record<string, number | string>;
    };
