import type { Word } from "@verbatim/subtitles";
import type { Segment } from "../pipeline/pipeline-types.js";

/** What the engine asks of a speech model, whatever binding implements it. */
export interface SpeechModel {
  /** Transcribes 16 kHz mono PCM; `onSegment` sees segments as they are decoded. */
  transcribe(
    pcm: Float32Array,
    options: DecodeOptions,
    onSegment?: (segment: RawSegment) => void,
  ): Promise<RawSegment[]>;
  /** Frees native memory. */
  free(): Promise<void>;
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
  /** 1 = greedy; more = beam search. */
  beamSize: number;
  /** Retry a window at higher temperatures when decoding looks unreliable (whisper's default). */
  temperatureFallback: boolean;
  /** Starting temperature (default 0 = most likely tokens). */
  temperature?: number;
  /** Text that conditions the decoder (the caller's prompt, the end of the previous chunk). */
  prompt?: string;
}

/** A segment as decoded, times in ms relative to the PCM given. */
export interface RawSegment {
  start: number;
  end: number;
  text: string;
  /** The language whisper detected (or was told). */
  language?: string;
  /** Mean token probability, 0..1. */
  confidence?: number;
  words?: Word[];
  /** Tokens (times relative to the PCM given), their mean log-probability, and so on. */
  tokens?: Segment["tokens"];
  avgLogprob?: number;
  noSpeechProb?: number;
  temperature?: number;
}
