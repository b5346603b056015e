import { SAMPLE_RATE } from "../media/decode.js";
import { sherpaOnnx } from "./sherpa-runtime.js";
import type * as Sherpa from "sherpa-onnx-node";

let cached: { key: string; extractor: Sherpa.SpeakerEmbeddingExtractor } | undefined;

/** The embedding model, loaded once per process (per file and thread count). */
export function embeddingExtractor(
  model: string,
  threads: number,
): Sherpa.SpeakerEmbeddingExtractor {
  const key = `${model}\n${threads}`;
  if (cached?.key !== key) {
    const sherpa = sherpaOnnx();
    cached = {
      key,
      extractor: new sherpa.SpeakerEmbeddingExtractor({ model, numThreads: threads }),
    };
  }
  return cached.extractor;
}

/** The voice embedding of 16 kHz samples, or null when they are too short for one frame. */
export function embedSpeech(
  extractor: Sherpa.SpeakerEmbeddingExtractor,
  samples: Float32Array,
): number[] | null {
  const stream = extractor.createStream();
  stream.acceptWaveform({ samples, sampleRate: SAMPLE_RATE });
  stream.inputFinished();
  if (!extractor.isReady(stream)) return null;
  // Copy out of the addon's buffer (enableExternalBuffer=false): the result outlives the stream.
  const embedding = Array.from(extractor.compute(stream, false));
  return embedding.every(Number.isFinite) ? embedding : null;
}
