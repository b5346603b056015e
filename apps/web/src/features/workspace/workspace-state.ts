import type { EditorTranscription } from "../editor/types";
import type { WorkspaceError } from "./process-step";
import type { Step } from "./step-indicator";
import type { SubtitleImport, TranscribeOptions } from "./upload-transport";

export interface WorkspaceState {
  step: Step;
  file: File | null;
  options: TranscribeOptions;
  /** A subtitle or transcript file to send with the media, and whether to re-time it. */
  subtitles: SubtitleImport | null;
  /** The upload being sent (set on start; cleared when a job id is known). */
  sending: Upload | null;
  jobId: string | null;
  /** What the editor and download show: the server's transcription, then the saved edits. */
  transcription: EditorTranscription | null;
  error: WorkspaceError | null;
}

/** What is sent: the media, its options and the subtitle file with it. */
export interface Upload {
  file: File;
  options: TranscribeOptions;
  subtitles: SubtitleImport | null;
}

export type WorkspaceAction =
  | { type: "file"; file: File | null }
  | { type: "subtitles"; subtitles: SubtitleImport | null }
  | { type: "options"; options: TranscribeOptions }
  | { type: "start" }
  | { type: "job"; id: string }
  | { type: "follow"; id: string }
  | { type: "opened"; transcription: EditorTranscription }
  | { type: "saved"; transcription: EditorTranscription }
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
    bilingual: false,
  };
}

/** The workflow: upload → process → edit → download, with the error panel. */
export function workspaceReducer(state: WorkspaceState, action: WorkspaceAction): WorkspaceState {
  switch (action.type) {
    case "file":
      return { ...state, file: action.file };
    case "subtitles":
      // Bilingual subtitles are made from the speech, not from a file.
      return {
        ...state,
        subtitles: action.subtitles,
        options: action.subtitles ? { ...state.options, bilingual: false } : state.options,
      };
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
        sending: { file: state.file, options: state.options, subtitles: state.subtitles },
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
        subtitles: null,
        sending: null,
        jobId: null,
        transcription: null,
        error: null,
      };
  }
}
