// sherpa-onnx-node ships JavaScript with JSDoc types only; these declarations cover the parts the
// engine uses, as read from its non-streaming-speaker-diarization.js, speaker-identification.js
// streaming-asr.js and non-streaming-asr.js (version 1.13.8).
declare module "sherpa-onnx-node" {
  export interface FastClusteringConfig {
    /** > 0: exactly this many speakers (threshold is then ignored). */
    numClusters?: number;
    /** Cosine-distance cut of the complete-linkage tree; smaller gives more speakers. */
    threshold?: number;
  }

  export interface SpeakerEmbeddingExtractorConfig {
    model: string;
    numThreads?: number;
    debug?: boolean | number;
    provider?: string;
  }

  export interface OfflineSpeakerDiarizationConfig {
    segmentation: {
      pyannote: { model: string; windowShiftRatio?: number };
      numThreads?: number;
      debug?: boolean | number;
      provider?: string;
    };
    embedding: SpeakerEmbeddingExtractorConfig;
    clustering: FastClusteringConfig;
    /** Seconds: shorter speech turns are dropped. */
    minDurationOn?: number;
    /** Seconds: shorter gaps between one speaker's turns are closed. */
    minDurationOff?: number;
  }

  export interface SpeakerDiarizationSegment {
    /** Seconds from the start of the samples given. */
    start: number;
    end: number;
    /** 0-based cluster index. */
    speaker: number;
  }

  export class OfflineSpeakerDiarization {
    constructor(config: OfflineSpeakerDiarizationConfig);
    /** The native object, for the addon's own functions. */
    readonly handle: unknown;
    readonly sampleRate: number;
    process(samples: Float32Array): SpeakerDiarizationSegment[];
    setConfig(config: { clustering: FastClusteringConfig }): void;
  }

  export class OnlineStream {
    acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
    inputFinished(): void;
  }

  export class SpeakerEmbeddingExtractor {
    constructor(config: SpeakerEmbeddingExtractorConfig);
    readonly dim: number;
    createStream(): OnlineStream;
    isReady(stream: OnlineStream): boolean;
    compute(stream: OnlineStream, enableExternalBuffer?: boolean): Float32Array;
  }

  /** SenseVoice (and other offline models); numbers where sherpa-onnx reads booleans as ints. */
  export interface OfflineRecognizerConfig {
    featConfig?: { sampleRate?: number; featureDim?: number };
    modelConfig: {
      senseVoice?: { model: string; language?: string; useInverseTextNormalization?: number };
      tokens: string;
      numThreads?: number;
      provider?: string;
      debug?: number;
    };
    decodingMethod?: string;
  }

  /** What getResult/decodeAsync return (the addon's JSON). */
  export interface OfflineRecognitionResult {
    text: string;
    tokens: string[];
    /** Seconds from the start of the samples, one per token (the frame that emitted it). */
    timestamps: number[];
    lang?: string;
    emotion?: string;
    event?: string;
  }

  export class OfflineStream {
    acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
  }

  export class OfflineRecognizer {
    constructor(config: OfflineRecognizerConfig);
    static createAsync(config: OfflineRecognizerConfig): Promise<OfflineRecognizer>;
    createStream(): OfflineStream;
    decode(stream: OfflineStream): void;
    decodeAsync(stream: OfflineStream): Promise<OfflineRecognitionResult>;
    getResult(stream: OfflineStream): OfflineRecognitionResult;
  }

  export function readWave(path: string): { samples: Float32Array; sampleRate: number };

  export const version: string;
}
