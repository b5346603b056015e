import type { DiarizationJob } from "../diarization/diarize-speech.js";
import type { EngineErrorCode } from "../errors.js";
import type { EngineInfo } from "../engine-info.js";
import type { RecogniserFamily } from "../recognisers/recogniser.js";
import type {
  PipelineOptions,
  PipelineOutput,
  PipelineProgress,
  Segment,
} from "./pipeline-types.js";

/** Parent → engine process: run one transcription (the process keeps its model between jobs). */
export interface StartMessage {
  type: "start";
  /** Set by the runner; every answer about this job carries it. */
  jobId?: number;
  input: string;
  /** The model file (a folder for SenseVoice). */
  modelPath: string;
  /** Its family (default whisper). */
  family?: RecogniserFamily;
  options: PipelineOptions;
  /** Label speakers after transcribing (absent: off). */
  diarize?: DiarizationJob;
}

/** Parent → engine process. */
export type ParentMessage =
  | StartMessage
  /** Stop the job: the engine answers with a CANCELLED error once whisper.cpp has stopped. */
  | { type: "cancel"; jobId: number }
  /** Describe whisper.cpp and the backend (answered with "info"). */
  | { type: "info" };

/** Engine process → parent, about one job. */
export type JobMessage =
  | { type: "loaded"; modelLoadMs: number }
  | ({ type: "progress" } & PipelineProgress)
  /** Diarization, after transcription: 0..1 of its work. */
  | { type: "diarizing"; fraction: number }
  | { type: "segment"; segment: Segment }
  | { type: "done"; output: PipelineOutput }
  | {
      type: "error";
      code: EngineErrorCode;
      message: string;
      details?: Record<string, number | string>;
    };

/** Engine process → parent. */
export type EngineMessage = (JobMessage & { jobId: number }) | { type: "info"; info: EngineInfo };
