import type { Word } from "@verbatim/subtitles";
import type { ChineseScript } from "../text/chinese-script.js";
import type { DiarizedSpeaker } from "../diarization/diarize-speech.js";
import type { ChunkingOptions } from "./chunker.js";

/** Settings of one transcription run inside the engine process. */
export interface PipelineOptions {
  /** ISO 639-1 code, or "auto". */
  language: string;
  task: "transcribe" | "translate";
  wordTimestamps: boolean;
  threads: number;
  beamSize: number;
  temperatureFallback: boolean;
  /** Starting decoder temperature (0..1). */
  temperature: number;
  /** The user's initial prompt (vocabulary and style), given to every chunk. */
  prompt?: string;
  /** Skip non-speech with voice activity detection (default on). */
  vad: boolean;
  gpu: boolean;
  chunking: ChunkingOptions;
  chineseScript?: ChineseScript;
  /** Never decode past this much media (ms): the run fails with INPUT_LONGER_THAN_DECLARED. */
  maxDurationMs?: number;
  /** The media's length by its header (ms): where to cut chunks so none is needlessly short. */
  expectedDurationMs?: number;
  /**
   * Only detect the language, on the first chunk that holds speech (at most 30 s of it), and
   * transcribe nothing: language detection before routing (detectSpokenLanguage).
   */
  detectLanguageOnly?: boolean;
}

/** A transcribed segment, times in ms from the start of the media. */
export interface Segment {
  start: number;
  end: number;
  text: string;
  language?: string;
  words?: Word[];
  /** Decoded tokens with their probability and times (ms), special tokens excluded. */
  tokens?: { id: number; text: string; p: number; start: number; end: number }[];
  /** Mean log-probability of the segment's tokens. */
  avgLogprob?: number;
  /** Probability that the window held no speech, when the engine reports it. */
  noSpeechProb?: number;
  /** Temperature the segment was finally decoded at. */
  temperature?: number;
  /** Id of the speaker (diarization on); a segment holds one speaker. */
  speaker?: string;
}

/** Progress as the engine process sees it. */
export interface PipelineProgress {
  /** Media time (ms) up to which the audio is done. */
  processedMs: number;
  /** Media time decoded so far (ms); the total once decoding ends. */
  decodedMs: number;
}

/** What a finished run returns. */
export interface PipelineOutput {
  segments: Segment[];
  /** Language of most of the speech, or null when there was none. */
  language: string | null;
  /** Duration measured by decoding (not the header's claim). */
  durationMs: number;
  /** Speech found by voice activity detection (all audio without VAD). */
  speechMs: number;
  /** The speakers found, when the job asked for diarization (segments and words carry them). */
  speakers?: DiarizedSpeaker[];
  timings: { modelLoadMs: number; transcribeMs: number; diarizeMs?: number };
}
