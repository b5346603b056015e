// Whisper.cpp models with the real tiny/base shapes and seeded random weights, for tests and
// benchmarks on machines that cannot download trained weights. Generated once into
// <repo>/.cache/models/ (ignored by git). A port of the reference generator make-ggml.py that
// needs no files outside the repository: mel filters are computed, the vocabulary is generated.
import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { endianness } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import {
  GGML_HEADER_BYTES,
  tensorRecordBytes,
  tensorTypeFor,
  weightTypeForFtype,
  whisperTensorSpecs,
  type GgmlHparams,
} from "../../src/models/ggml-layout.js";
import { writeGgmlModel, type GgmlModelParts } from "./ggml-model-writer.js";
import { slaneyMelFilterbank } from "./mel-filterbank.js";
import { randomVocabulary } from "./random-vocabulary.js";

/** The architectures the generator can produce. */
export type RandomModelSize = "mini" | "tiny" | "base" | "small" | "large-v3-turbo";

/** Options for ensureRandomModel. */
export interface RandomModelOptions {
  /** Multilingual vocabulary (n_vocab 51865) rather than English-only (51864). Default true. */
  multilingual?: boolean;
  /** Storage of the weight matrices. Default "f16", like the published models. */
  ftype?: "f16" | "f32";
  /** Folder to write into; defaults to MODEL_CACHE_DIR. */
  cacheDir?: string;
}

/** `<repo>/.cache/models/`, where generated models are cached between runs. */
export const MODEL_CACHE_DIR = fileURLToPath(
  new URL("../../../../.cache/models/", import.meta.url),
);

/** Path of the weightless tiny model (header, mel filters, vocabulary), like whisper.cpp's for-tests file. */
export const TEST_FIXTURE_EMPTY_MODEL = join(MODEL_CACHE_DIR, "ggml-for-tests-tiny.bin");

/**
 * The published architectures (OpenAI's model dimensions): large-v3-turbo is large-v3's encoder
 * (128 mel bands, 100 languages) with a 4-layer decoder. And "mini", which is no published model:
 * Whisper's layout at its smallest (one layer, one 64-wide head, the real vocabulary, 80 mel
 * bands and 30-s window), for the tests of the plumbing around the engine — intake, jobs, live
 * text, the CLI — where the weights' size proves nothing. Its encoder pass costs about 1/36 of
 * tiny's on one core (49 ms against 1.77 s), and a test job spends most of its engine time
 * there. Speed and memory are measured on the real shapes (`npm run bench`).
 */
const SHAPES: Record<
  RandomModelSize,
  {
    state: number;
    heads: number;
    layers: number;
    textLayers?: number;
    mels?: number;
    vocab?: number;
  }
> = {
  mini: { state: 64, heads: 1, layers: 1 },
  tiny: { state: 384, heads: 6, layers: 4 },
  base: { state: 512, heads: 8, layers: 6 },
  small: { state: 768, heads: 12, layers: 12 },
  "large-v3-turbo": { state: 1280, heads: 20, layers: 32, textLayers: 4, mels: 128, vocab: 51866 },
};

/** The header of a `size` model as whisper.cpp's converter writes it. */
export function randomModelHparams(
  size: RandomModelSize,
  multilingual = true,
  ftype: "f16" | "f32" = "f16",
): GgmlHparams {
  const { state, heads, layers, textLayers = layers, mels = 80, vocab = 51865 } = SHAPES[size];
  return {
    n_vocab: multilingual ? vocab : 51864,
    n_audio_ctx: 1500,
    n_audio_state: state,
    n_audio_head: heads,
    n_audio_layer: layers,
    n_text_ctx: 448,
    n_text_state: state,
    n_text_head: heads,
    n_text_layer: textLayers,
    n_mels: mels,
    ftype: ftype === "f16" ? 1 : 0,
  };
}

/** Everything a random model file holds, for `hparams` (weights when `withTensors`). */
export function modelParts(hparams: GgmlHparams, withTensors: boolean): GgmlModelParts {
  return {
    hparams,
    melFilters: {
      nMel: hparams.n_mels,
      nFft: 201,
      values: slaneyMelFilterbank(hparams.n_mels, 400, 16000),
    },
    vocabulary: randomVocabulary(hparams.n_vocab >= 51865),
    withTensors,
    seed: 1234 + hparams.n_audio_state + hparams.ftype,
  };
}

/** The exact size of the file writeGgmlModel produces for `parts`. */
export function ggmlModelBytes(parts: GgmlModelParts): number {
  let bytes = GGML_HEADER_BYTES + 8 + parts.melFilters.values.length * 4 + 4;
  for (const token of parts.vocabulary) bytes += 4 + token.length;
  if (!parts.withTensors) return bytes;
  for (const spec of whisperTensorSpecs(parts.hparams)) {
    const ttype = tensorTypeFor(spec.kind, weightTypeForFtype(parts.hparams.ftype) ?? 1);
    bytes += tensorRecordBytes(spec, ttype) ?? 0;
  }
  return bytes;
}

/** Writes `parts` to `path` unless a complete copy is there; temp name + rename keeps it atomic. */
async function materialize(path: string, parts: GgmlModelParts): Promise<string> {
  const expected = ggmlModelBytes(parts);
  const existing = await stat(path).catch(() => null);
  if (existing?.size === expected) return path;
  if (endianness() !== "LE") throw new Error("the model generator assumes a little-endian host");
  await mkdir(join(path, ".."), { recursive: true });
  const temp = `${path}.${process.pid}-${randomUUID()}.tmp`;
  try {
    const file = await open(temp, "w");
    try {
      await writeGgmlModel(file, parts);
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return path;
}

/**
 * A random-weight whisper.cpp model of the given size, generated once into the cache.
 * Use f16 (the default) for anything that runs inference, as the published models are.
 */
export async function ensureRandomModel(
  size: RandomModelSize,
  options: RandomModelOptions = {},
): Promise<string> {
  const multilingual = options.multilingual ?? true;
  const ftype = options.ftype ?? "f16";
  const fileName = `ggml-random-${size}${multilingual ? "" : ".en"}-${ftype}.bin`;
  const path = join(options.cacheDir ?? MODEL_CACHE_DIR, fileName);
  return materialize(path, modelParts(randomModelHparams(size, multilingual, ftype), true));
}

/**
 * The Whisper model of the tests of the plumbing around the engine (intake, jobs, live text, the
 * CLI): the one-layer "mini" shape. One name, so that which model those tests run is decided here.
 */
export function ensurePlumbingModel(): Promise<string> {
  return ensureRandomModel("mini");
}

/** Writes the weightless tiny test model (as whisper.cpp's for-tests file) and returns its path. */
export async function ensureEmptyTestModel(
  options: { multilingual?: boolean; cacheDir?: string } = {},
): Promise<string> {
  const multilingual = options.multilingual ?? true;
  const fileName = `ggml-for-tests-tiny${multilingual ? "" : ".en"}.bin`;
  const path = join(options.cacheDir ?? MODEL_CACHE_DIR, fileName);
  return materialize(path, modelParts(randomModelHparams("tiny", multilingual), false));
}
