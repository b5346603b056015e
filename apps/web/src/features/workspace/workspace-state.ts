import type { Speaker, StyleName } from "@verbatim/subtitles";
import type { WorkspaceError } from "./process-step";
import type { Step } from "./step-indicator";
import type { TranscribeOptions } from "./upload-transport";

/** A transcription as the editor and download need it. */
export interface TranscriptionDetail {
  id: string;
  fileName: string;
  status: string;
  language: string | null;
  /** The media's length in seconds. */
  duration?: number;
  /** The subtitle style preset the cues were built to (absent from older servers). */
  style?: StyleName;
  subtitles: { id: number; startTime: string; endTime: string; text: string; speaker?: string }[];
  /** Who speaks, when the audio was diarized (null: not diarized; absent from older servers). */
  speakers?: Speaker[] | null;
  /** The version of the subtitles, sent back when saving edits (absent from older servers). */
  version?: string;
  /** The audio the server keeps for the player, until `expiresAt`; null when it has none. */
  audio?: { url: string; expiresAt: string } | null;
}

export interface WorkspaceState {
  step: Step;
  file: File | null;
  options: TranscribeOptions;
  /** The upload being sent (set on start; cleared when a job id is known). */
  sending: { file: File; options: TranscribeOptions } | null;
  jobId: string | null;
  transcription: TranscriptionDetail | null;
  error: WorkspaceError | null;
}

export type WorkspaceAction =
  | { type: "file"; file: File | null }
  | { type: "options"; options: TranscribeOptions }
  | { type: "start" }
  | { type: "job"; id: string }
  | { type: "follow"; id: string }
  | { type: "opened"; transcription: TranscriptionDetail }
  | { type: "saved"; transcription: TranscriptionDetail }
  | { type: "failed"; error: WorkspaceError }
  | { type: "dismiss" }
  | { type: "back" }
  | { type: "new" };

export function defaultOptions(language: string): TranscribeOptions {
  return {
    model: "whisper-1",
    generateTimestamps: true,
    language: "auto",
    task: "transcribe",
    chineseScript: language === "zh-HK" ? "hk" : "none",
    style: "standard",
    speakers: { kind: "off" },
  };
}

/** The workflow: upload → process → edit → download, with the error panel. */
export function workspaceReducer(state: WorkspaceState, action: WorkspaceAction): WorkspaceState {
  switch (action.type) {
    case "file":
      return { ...state, file: action.file };
    case "options":
      return { ...state, options: action.options };
    case "start":
      if (!state.file) return state;
      return {
        ...state,
        step: "process",
        error: null,
        jobId: null,
        transcription: null,
        sending: { file: state.file, options: state.options },
      };
    case "job":
      return { ...state, jobId: action.id };
    case "follow":
      return { ...state, step: "process", jobId: action.id, sending: null, error: null };
    case "opened":
      return {
        ...state,
        step: "edit",
        transcription: action.transcription,
        jobId: action.transcription.id,
      };
    case "saved":
      return { ...state, step: "download", transcription: action.transcription };
    case "failed":
      return { ...state, step: "upload", error: action.error, sending: null, jobId: null };
    case "dismiss":
      return { ...state, error: null };
    case "back":
      return state.step === "download"
        ? { ...state, step: "edit" }
        : { ...state, step: "upload", sending: null };
    case "new":
      return {
        ...state,
        step: "upload",
        file: null,
        sending: null,
        jobId: null,
        transcription: null,
        error: null,
      };
  }
}
