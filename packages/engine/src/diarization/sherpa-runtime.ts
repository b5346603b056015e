// sherpa-onnx-node, loaded on first use: the engine process loads its native library (and
// onnxruntime) only when a job asks for speakers.
import { createRequire } from "node:module";

import type * as Sherpa from "sherpa-onnx-node";

const require = createRequire(import.meta.url);

/** The addon function behind OfflineSpeakerDiarization (see sherpa-onnx-node's addon.js). */
interface DiarizationAddon {
  /**
   * Runs diarization on the libuv thread pool, calling back with (chunks done, chunks in all)
   * while it computes embeddings. Not wrapped by the package's JS class in 1.13.8, but part of
   * its native addon; it copies the samples before returning.
   */
  offlineSpeakerDiarizationProcessAsync(
    handle: unknown,
    samples: Float32Array,
    progress: (done: number, total: number) => void,
  ): Promise<Sherpa.SpeakerDiarizationSegment[]>;
}

let loaded: typeof Sherpa | undefined;
let addon: DiarizationAddon | undefined;

export function sherpaOnnx(): typeof Sherpa {
  loaded ??= require("sherpa-onnx-node") as typeof Sherpa;
  return loaded;
}

/** Diarizes `samples` off the main thread, reporting progress (sherpa-onnx-node's async path). */
export function processDiarizationAsync(
  diarizer: Sherpa.OfflineSpeakerDiarization,
  samples: Float32Array,
  progress: (done: number, total: number) => void,
): Promise<Sherpa.SpeakerDiarizationSegment[]> {
  sherpaOnnx();
  addon ??= require("sherpa-onnx-node/addon.js") as DiarizationAddon;
  return addon.offlineSpeakerDiarizationProcessAsync(diarizer.handle, samples, progress);
}
