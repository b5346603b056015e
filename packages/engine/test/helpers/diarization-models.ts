// Stand-in diarization models for tests and benchmarks on machines that cannot download the
// trained ones. They have the same ONNX input/output names, shapes and metadata that sherpa-onnx
// reads from pyannote segmentation-3.0 and from 3D-Speaker ERes2Net (see sherpa-onnx's
// offline-speaker-segmentation-pyannote-model.cc and speaker-embedding-extractor-model.cc), so the
// real library loads and runs them through its real code; only what they compute is made up:
//
// - segmentation: per 991-sample frame (stride 270, as the real receptive field), silence when the
//   frame's energy is under -40 dBFS, otherwise local speaker 1 or 2 by the ratio of the energy of
//   the first difference to the energy of the signal (a spectral-centroid proxy: high for voices
//   whose energy sits above ~1 kHz, low for voices below it);
// - embedding: a fixed projection of the mean fbank over the stretch: the contrast between the
//   mel bins under and over ~1 kHz, split into two orthogonal halves, so a "low" voice and a
//   "high" voice come out at cosine similarity ~0 and one voice at ~1.
//
// They separate voices by where their energy lies, nothing else: twoVoiceRecording makes its two
// voices differ that way. Accuracy with the real models is not measured by anything that uses them.
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

import {
  EMBEDDING_MODEL_FILE,
  SEGMENTATION_MODEL_FILE,
} from "../../src/diarization/model-files.js";
import { MODEL_CACHE_DIR } from "../support/random-model.js";
import { encodeOnnxModel, type GraphSpec } from "./onnx-graph.js";

const SAMPLE_RATE = 16_000;
/** pyannote segmentation-3.0: 10 s windows, receptive field 991 samples every 270. */
const WINDOW_SIZE = 160_000;
const RECEPTIVE_FIELD_SIZE = 991;
const RECEPTIVE_FIELD_SHIFT = 270;
/** Frame energy (mean square) under which a frame is silence: -40 dBFS. */
const SILENCE_ENERGY = 1e-4;
/** Difference-to-signal energy ratio between the two voices: a sinusoid near 1.4 kHz. */
const RATIO_BOUNDARY = 0.15;
/** ERes2Net base's embedding size; fbank has 80 mel bins; bin 28 sits near 1 kHz. */
const EMBEDDING_DIM = 512;
const FBANK_BINS = 80;
const LOW_BINS = 28;

function segmentationGraph(): GraphSpec {
  const scalar = (name: string, value: number) => ({ name, dims: [], values: [value] });
  const pool = { kernel_shape: [RECEPTIVE_FIELD_SIZE], strides: [RECEPTIVE_FIELD_SHIFT] };
  return {
    name: "stand_in_pyannote_segmentation",
    opset: 13,
    inputs: [{ name: "x", dims: ["N", 1, "T"] }],
    outputs: [{ name: "y", dims: ["N", "frames", 7] }],
    initializers: [
      { name: "diff_kernel", dims: [1, 1, 2], values: [-1, 1] },
      scalar("eps", 1e-10),
      scalar("log_silence", Math.log(SILENCE_ENERGY)),
      scalar("log_boundary", Math.log(RATIO_BOUNDARY)),
      scalar("sharpness", 4),
      scalar("zero", 0),
      scalar("impossible", -100),
    ],
    nodes: [
      { op: "Mul", inputs: ["x", "x"], output: "x2" },
      // d[t] = x[t] - x[t-1]; one sample of left padding keeps the length T.
      { op: "Conv", inputs: ["x", "diff_kernel"], output: "d", attributes: { pads: [1, 0] } },
      { op: "Mul", inputs: ["d", "d"], output: "d2" },
      { op: "AveragePool", inputs: ["x2"], output: "energy", attributes: pool },
      { op: "AveragePool", inputs: ["d2"], output: "diff_energy", attributes: pool },
      { op: "Add", inputs: ["energy", "eps"], output: "energy_e" },
      { op: "Add", inputs: ["diff_energy", "eps"], output: "diff_energy_e" },
      { op: "Log", inputs: ["energy_e"], output: "log_energy" },
      { op: "Div", inputs: ["diff_energy_e", "energy_e"], output: "ratio" },
      { op: "Log", inputs: ["ratio"], output: "log_ratio" },
      { op: "Sub", inputs: ["log_energy", "log_silence"], output: "loudness" },
      { op: "Mul", inputs: ["loudness", "sharpness"], output: "speech" },
      { op: "Sub", inputs: ["log_ratio", "log_boundary"], output: "brightness_raw" },
      { op: "Tanh", inputs: ["brightness_raw"], output: "brightness" },
      // Powerset classes: {} , {1}, {2}, {3}, {1,2}, {1,3}, {2,3}; only the first three occur.
      { op: "Neg", inputs: ["speech"], output: "c0" },
      { op: "Sub", inputs: ["speech", "brightness"], output: "c1" }, // low voice
      { op: "Add", inputs: ["speech", "brightness"], output: "c2" }, // high voice
      { op: "Mul", inputs: ["energy", "zero"], output: "zeros" },
      { op: "Add", inputs: ["zeros", "impossible"], output: "cx" },
      {
        op: "Concat",
        inputs: ["c0", "c1", "c2", "cx", "cx", "cx", "cx"],
        output: "classes",
        attributes: { axis: 1 },
      },
      { op: "Transpose", inputs: ["classes"], output: "y", attributes: { perm: [0, 2, 1] } },
    ],
    // The keys and values sherpa-onnx's export script writes for the real model.
    metadata: {
      num_speakers: 3,
      powerset_max_classes: 2,
      num_classes: 7,
      sample_rate: SAMPLE_RATE,
      window_size: WINDOW_SIZE,
      receptive_field_size: RECEPTIVE_FIELD_SIZE,
      receptive_field_shift: RECEPTIVE_FIELD_SHIFT,
      model_type: "pyannote-segmentation-3.0",
      version: "1",
      model_author: "verbatim test stand-in (not pyannote)",
      maintainer: "verbatim tests",
    },
  };
}

function embeddingGraph(): GraphSpec {
  const contrast = Array.from({ length: FBANK_BINS }, (_, bin) =>
    bin < LOW_BINS ? 1 / LOW_BINS : -1 / (FBANK_BINS - LOW_BINS),
  );
  const half = EMBEDDING_DIM / 2;
  const spread = (phase: number) =>
    Array.from({ length: half }, (_, i) => 0.5 + 0.5 * Math.abs(Math.sin(i * 0.7 + phase)));
  return {
    name: "stand_in_speaker_embedding",
    opset: 13,
    inputs: [{ name: "x", dims: ["N", "T", FBANK_BINS] }],
    outputs: [{ name: "embedding", dims: ["N", EMBEDDING_DIM] }],
    initializers: [
      { name: "contrast", dims: [FBANK_BINS, 1], values: contrast },
      { name: "low_axis", dims: [1, half], values: spread(0) },
      { name: "high_axis", dims: [1, half], values: spread(1.3) },
      // Keeps the vector non-zero (cosine of a zero vector is NaN) without moving it much.
      { name: "floor", dims: [EMBEDDING_DIM], values: new Array<number>(EMBEDDING_DIM).fill(1e-3) },
    ],
    nodes: [
      { op: "ReduceMean", inputs: ["x"], output: "mean", attributes: { axes: [1], keepdims: 0 } },
      { op: "MatMul", inputs: ["mean", "contrast"], output: "tilt" },
      { op: "Relu", inputs: ["tilt"], output: "low" },
      { op: "Neg", inputs: ["tilt"], output: "neg_tilt" },
      { op: "Relu", inputs: ["neg_tilt"], output: "high" },
      { op: "MatMul", inputs: ["low", "low_axis"], output: "low_part" },
      { op: "MatMul", inputs: ["high", "high_axis"], output: "high_part" },
      {
        op: "Concat",
        inputs: ["low_part", "high_part"],
        output: "joined",
        attributes: { axis: 1 },
      },
      { op: "Add", inputs: ["joined", "floor"], output: "embedding" },
    ],
    // As sherpa-onnx's 3D-Speaker export writes them, except feature_normalize_type: the real
    // models subtract the global mean of the features, which would erase the mean spectrum this
    // stand-in's embedding is made of, so it asks for no normalisation (sherpa-onnx's default "").
    metadata: {
      framework: "3d-speaker",
      language: "English",
      url: "none (verbatim test stand-in, not a 3D-Speaker model)",
      comment: "stand-in with the interface of 3D-Speaker ERes2Net base",
      sample_rate: SAMPLE_RATE,
      output_dim: EMBEDDING_DIM,
      normalize_samples: 1,
      feature_normalize_type: "",
    },
  };
}

async function writeIfChanged(path: string, bytes: Uint8Array): Promise<void> {
  const existing = await readFile(path).catch(() => null);
  if (existing && hash(existing) === hash(bytes)) return;
  const temp = `${path}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function hash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * A models folder (under the repository's .cache/models) holding the stand-in segmentation and
 * embedding models under the file names the engine looks for. Returns the folder.
 */
export async function ensureDiarizationModels(
  cacheDir: string = join(MODEL_CACHE_DIR, "diarization-stand-in"),
): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  await writeIfChanged(
    join(cacheDir, SEGMENTATION_MODEL_FILE),
    encodeOnnxModel(segmentationGraph()),
  );
  await writeIfChanged(join(cacheDir, EMBEDDING_MODEL_FILE), encodeOnnxModel(embeddingGraph()));
  return cacheDir;
}
