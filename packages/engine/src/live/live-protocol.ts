import type { RecogniserFamily } from "../recognisers/recogniser.js";
import type { ChineseScript } from "../text/chinese-script.js";
import type { LiveText } from "./live-decoder.js";

/** How a live session is recognised. */
export interface LiveSessionSpec {
  /** The model file (a folder for SenseVoice). */
  modelPath: string;
  family: RecogniserFamily;
  /** The language asked for, or "auto" (Whisper detects per stretch). */
  language: string;
  chineseScript?: ChineseScript;
  /** Threads per decode (decodes of all sessions take turns). */
  threads: number;
  /**
   * Whisper encodes only the stretch's part of its 30-s window ("fitted", the default: far
   * faster, docs/live.md) or the whole window ("full": as uploads are decoded).
   */
  window?: "fitted" | "full";
  gpu: boolean;
  /** A partial decode of the open stretch at most this often (ms of new audio). */
  partialEveryMs?: number;
}

/** Parent → live engine process. */
export type LiveParentMessage =
  | { type: "open"; sessionId: string; spec: LiveSessionSpec }
  /** 16 kHz mono float samples, in order. */
  | { type: "audio"; sessionId: string; pcm: Float32Array }
  /** No more audio: finalise the open stretch, then answer "finished". */
  | { type: "finish"; sessionId: string }
  /** Forget the session at once (a dropped session: nothing more is wanted). */
  | { type: "close"; sessionId: string };

/** Live engine process → parent. */
export type LiveEngineMessage =
  | { type: "text"; sessionId: string; text: LiveText }
  | { type: "finished"; sessionId: string }
  | { type: "error"; sessionId: string; code: string; message: string };
