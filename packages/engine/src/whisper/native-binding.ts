// Types and loading of Verbatim's whisper.cpp addon (packages/engine/native, built by
// scripts/build-native.mjs on npm install). Nothing native is loaded until a caller asks.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { EngineError } from "../errors.js";

/** A decoded token, times in ms from the start of the samples given. */
export interface NativeToken {
  id: number;
  text: string;
  p: number;
  start: number;
  end: number;
  /** DTW time (ms), when the model was loaded with alignment heads. */
  dtw?: number;
}

export interface NativeSegment {
  start: number;
  end: number;
  text: string;
  noSpeechProb: number;
  avgLogprob: number;
  /** Special tokens excluded. */
  tokens: NativeToken[];
}

export interface NativeResult {
  segments: NativeSegment[];
  language: string;
  /** Probability of the detected language (only when the language was "auto"). */
  languageProbability?: number;
  /**
   * The language was detected and whisper.cpp's first encoder pass of the transcription reused
   * the detection's pass of the same window instead of computing it again.
   */
  reusedEncoderPass: boolean;
}

export interface NativeTranscribeOptions {
  /** ISO 639-1 code, or "auto". */
  language: string;
  translate: boolean;
  threads: number;
  /** 1 = greedy; 2..8 = beam search. */
  beamSize: number;
  /** Starting temperature, 0..1. */
  temperature: number;
  temperatureFallback: boolean;
  prompt?: string;
  tokenTimestamps: boolean;
  /**
   * Only detect the language (language "auto"): one encoder pass over the first 30 s and one
   * decoder step; the result has no segments.
   */
  detectOnly?: boolean;
  /**
   * Encoder positions to compute, 50 per second of audio (whisper.cpp's `audio_ctx`; 0 or absent:
   * the whole 30-s window, 1,500). The encoder's cost falls in proportion.
   */
  audioCtx?: number;
  /** Each segment as soon as whisper.cpp has decoded it (never with DTW: whisper.cpp skips it). */
  onSegment?: (segment: NativeSegment) => void;
  /** Percent of the samples done. */
  onProgress?: (percent: number) => void;
}

export interface NativeModel {
  /** Rejects with `code: "ABORTED"` after abort(). One call at a time. */
  transcribe(pcm: Float32Array, options: NativeTranscribeOptions): Promise<NativeResult>;
  /** Stops the running transcription at the next ggml step (milliseconds). */
  abort(): void;
  /** Frees the model once no transcription uses it. */
  free(): void;
  readonly info: { type: string; multilingual: boolean; dtw: boolean } | null;
}

export interface NativeLoadOptions {
  gpu: boolean;
  /** Flash attention (default on; off when dtw is set, as whisper.cpp requires). */
  flashAttn?: boolean;
  /** Alignment heads preset for DTW token times: a model name such as "base" or "large-v3". */
  dtw?: string;
}

export interface NativeSystemInfo {
  whisperVersion: string;
  /** ggml's feature line, e.g. "WHISPER : COREML = 0 | CPU : SSE3 = 1 | AVX2 = 1 | ...". */
  cpuFeatures: string;
  devices: { name: string; description: string; type: "cpu" | "gpu" | "igpu" | "accel" }[];
}

/** A Parakeet token, times in ms from the start of the samples given. */
export interface NativeParakeetToken {
  id: number;
  /** The SentencePiece piece: "▁" (U+2581) stands for a space and marks a word start. */
  piece: string;
  p: number;
  start: number;
  end: number;
  wordStart: boolean;
}

export interface NativeParakeetOptions {
  threads: number;
  /** Each token as soon as the decoder emits it. */
  onToken?: (token: NativeParakeetToken) => void;
  /** Percent done (parakeet reports 0 before the encoder and 100 after it). */
  onProgress?: (percent: number) => void;
}

/** A Parakeet TDT model loaded through whisper.cpp's parakeet library. */
export interface NativeParakeetModel {
  /** Rejects with `code: "ABORTED"` after abort(). One call at a time. */
  transcribe(
    pcm: Float32Array,
    options: NativeParakeetOptions,
  ): Promise<{ tokens: NativeParakeetToken[] }>;
  abort(): void;
  free(): void;
  readonly info: { vocabulary: number; layers: number; state: number; mels: number } | null;
}

interface NativeAddon {
  loadModel(path: string, options: NativeLoadOptions): Promise<NativeModel>;
  loadParakeet(path: string, options: { gpu: boolean }): Promise<NativeParakeetModel>;
  systemInfo(): NativeSystemInfo;
}

/** What scripts/build-native.mjs recorded about the build. */
export interface NativeBuildInfo {
  whisperVersion: string;
  flags: string;
  gpu: "cpu" | "cuda" | "vulkan";
}

// src/whisper/ and dist/whisper/ are both two levels under the package.
const BUILD_DIR = fileURLToPath(new URL("../../native/build/", import.meta.url));
const ADDON_PATH = `${BUILD_DIR}verbatim_whisper.node`;

let addon: NativeAddon | undefined;

/** The addon, loaded on first use; ENGINE_FAILED with the fix when it is not built. */
export function nativeAddon(): NativeAddon {
  if (addon) return addon;
  if (!existsSync(ADDON_PATH)) {
    throw new EngineError(
      "ENGINE_FAILED",
      'The whisper.cpp addon is not built: run "npm install" (it compiles whisper.cpp with cmake).',
    );
  }
  try {
    addon = createRequire(import.meta.url)(ADDON_PATH) as NativeAddon;
  } catch (error) {
    throw new EngineError(
      "ENGINE_FAILED",
      `The whisper.cpp addon could not be loaded: ${String(error)}. Run "npm rebuild" or "npm install".`,
      { cause: error },
    );
  }
  return addon;
}

/** The build's settings, read from its marker file (no native code is loaded), or null. */
export function nativeBuildInfo(): NativeBuildInfo | null {
  try {
    return JSON.parse(readFileSync(`${BUILD_DIR}verbatim-build.json`, "utf8")) as NativeBuildInfo;
  } catch {
    return null;
  }
}
