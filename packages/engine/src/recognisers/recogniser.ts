import { MODEL_FAMILIES, type ModelFamily } from "@verbatim/contract/model-families";
import type { Word } from "@verbatim/subtitles";

/**
 * The model families behind the one recogniser interface: whisper.cpp's Whisper, NVIDIA
 * Parakeet TDT (whisper.cpp's parakeet library, in the same addon) and SenseVoice
 * (sherpa-onnx's OfflineRecognizer). The contract names them, so the API says the same.
 */
export type RecogniserFamily = ModelFamily;

export const RECOGNISER_FAMILIES: readonly RecogniserFamily[] = MODEL_FAMILIES;

/**
 * What the engine asks of a speech recogniser, whatever family and binding implements it: loaded
 * once and kept warm, it transcribes one chunk at a time into segments of timed tokens and words.
 */
export interface Recogniser {
  /** Which family this is. */
  readonly family: RecogniserFamily;
  /** What runs it, for logs and health: e.g. "whisper.cpp 1.9.1", "sherpa-onnx 1.13.8". */
  readonly backend: string;
  /**
   * Transcribes 16 kHz mono PCM; `onSegment` sees segments as they are decoded, `onProgress`
   * the fraction of the PCM done. Rejects with CANCELLED after abort().
   */
  transcribe(
    pcm: Float32Array,
    options: DecodeOptions,
    onSegment?: (segment: RawSegment) => void,
    onProgress?: (fraction: number) => void,
  ): Promise<RawSegment[]>;
  /**
   * Detects the spoken language of 16 kHz mono PCM without transcribing it (Whisper: one encoder
   * pass over the first 30 s and one decoder step); absent where the family cannot (Parakeet,
   * SenseVoice). Rejects with CANCELLED after abort().
   */
  detectLanguage?(pcm: Float32Array, threads: number): Promise<DetectedSpokenLanguage>;
  /** Stops a running transcribe() within milliseconds; the model stays loaded. */
  abort(): void;
  /** Frees native memory. */
  free(): Promise<void>;
}

/** What a recogniser's detectLanguage() found. */
export interface DetectedSpokenLanguage {
  /** ISO 639-1 code (whisper's, e.g. "yue" for Cantonese). */
  language: string;
  /** The detector's probability of it, 0..1. */
  probability: number;
}

/** Decoder settings for one call. */
export interface DecodeOptions {
  /** ISO 639-1 code, or "auto" to detect. */
  language: string;
  /** Translate to English instead of transcribing. */
  translate: boolean;
  /** Compute per-token times (needed for word timings). */
  wordTimestamps: boolean;
  threads: number;
  /** 1 = greedy; 2..8 = beam search. */
  beamSize: number;
  /** Starting decoder temperature (0..1). */
  temperature: number;
  /** Retry a window at higher temperatures when decoding looks unreliable (whisper's default). */
  temperatureFallback: boolean;
  /** Text that conditions the decoder (the user's prompt, then the end of the previous chunk). */
  prompt?: string;
  /**
   * Encode only as much of the model's window as the audio needs (Whisper: a 30-s window
   * whatever the length; live decodes of a few seconds ask for this). Families without a fixed
   * window ignore it.
   */
  windowFitsAudio?: boolean;
}

/** A segment as decoded, times in ms relative to the PCM given. */
export interface RawSegment {
  start: number;
  end: number;
  text: string;
  /** The language whisper detected (or was told). */
  language?: string;
  /** Probability of the detected language, when it was detected. */
  languageProbability?: number;
  /** Mean token probability, 0..1. */
  confidence?: number;
  words?: Word[];
  /** Decoded tokens with their probability and times (ms), special tokens excluded. */
  tokens?: { id: number; text: string; p: number; start: number; end: number }[];
  /** Mean log-probability of the segment's tokens. */
  avgLogprob?: number;
  /** Probability that the window held no speech. */
  noSpeechProb?: number;
  /** Temperature the segment was decoded at (known when fallback is off). */
  temperature?: number;
}
