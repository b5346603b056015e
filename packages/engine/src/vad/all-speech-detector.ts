import type { SpeechRegion } from "./speech-detector.js";

/** The detector interface the chunker needs. */
export interface VoiceActivity {
  readonly samplesSeen: number;
  readonly inSpeech: boolean;
  push(block: Float32Array): Promise<SpeechRegion[]>;
  splitAt(at: number): SpeechRegion | null;
  finish(): SpeechRegion[];
  close(): Promise<void>;
}

/** Treats all audio as speech: the `--no-vad` mode, where chunks are cut at the maximum size. */
export class AllSpeechDetector implements VoiceActivity {
  private seen = 0;
  private start = 0;

  get samplesSeen(): number {
    return this.seen;
  }

  get inSpeech(): boolean {
    return true;
  }

  async push(block: Float32Array): Promise<SpeechRegion[]> {
    this.seen += block.length;
    return [];
  }

  splitAt(at: number): SpeechRegion | null {
    const region = { start: this.start, end: at };
    this.start = at;
    return region.end > region.start ? region : null;
  }

  finish(): SpeechRegion[] {
    const region = this.splitAt(this.seen);
    return region ? [region] : [];
  }

  async close(): Promise<void> {}
}
