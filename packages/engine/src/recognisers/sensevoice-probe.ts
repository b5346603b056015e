// Checks a SenseVoice folder before anything loads it, once per version of its files.
// sherpa-onnx ends the whole process (_Exit) when the model lacks a metadata key it reads, so the
// keys are read first from the file's ONNX metadata (models/onnx-metadata.ts): a few small
// reads, without loading the graph (loading it in a child first cost about 9 s and 1 GB).
import { stat } from "node:fs/promises";

import { EngineError } from "../errors.js";
import { readOnnxMetadata } from "../models/onnx-metadata.js";
import { senseVoiceFiles } from "./sensevoice-model.js";

const probed = new Map<string, { version: string; result: Promise<void> }>();

/** The integer metadata sherpa-onnx's SenseVoice model reads (a missing one ends the process). */
const INTEGER_KEYS = [
  "vocab_size",
  "lfr_window_size",
  "lfr_window_shift",
  "normalize_samples",
  "with_itn",
  "without_itn",
  "lang_auto",
  "lang_zh",
  "lang_en",
  "lang_ja",
  "lang_ko",
  "lang_yue",
] as const;
/** The feature normalisation, comma-separated floats of one length. */
const FLOAT_LIST_KEYS = ["neg_mean", "inv_stddev"] as const;

/** What is wrong with the model file's metadata for sherpa-onnx, or null when nothing is. */
async function metadataProblem(modelFile: string): Promise<string | null> {
  let metadata: Map<string, string>;
  try {
    metadata = await readOnnxMetadata(modelFile);
  } catch (error) {
    return `it is not an ONNX model (${error instanceof Error ? error.message : String(error)})`;
  }
  for (const key of INTEGER_KEYS) {
    const value = metadata.get(key);
    if (value === undefined) return `its metadata lacks "${key}"`;
    if (!/^-?\d+$/.test(value.trim())) return `its metadata "${key}" is not a whole number`;
  }
  const lengths = FLOAT_LIST_KEYS.map((key) => {
    const values = metadata.get(key)?.split(",") ?? [];
    return values.length > 0 && values.every((v) => v.trim() !== "" && Number.isFinite(Number(v)))
      ? values.length
      : -1;
  });
  if (lengths.some((n) => n < 0) || lengths[0] !== lengths[1]) {
    return `its metadata "neg_mean" and "inv_stddev" are not two lists of numbers of one length`;
  }
  return null;
}

async function checkOnce(folder: string, modelFile: string): Promise<void> {
  const problem = await metadataProblem(modelFile);
  if (problem === null) return;
  throw new EngineError(
    "MODEL_INVALID",
    `${folder} is not a usable SenseVoice model: ${problem}. Download it again (sherpa-onnx's ` +
      "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-int8-2024-07-17 release, `verbatim models download sensevoice-small`).",
  );
}

/** Resolves when the folder's model has what sherpa-onnx reads to load it; MODEL_INVALID if not. */
export async function probeSenseVoiceFolder(folder: string): Promise<void> {
  const files = senseVoiceFiles(folder);
  if (!files) {
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `${folder} is not a SenseVoice model folder: it needs model.int8.onnx (or model.onnx) and tokens.txt.`,
    );
  }
  const [model, tokens] = await Promise.all([stat(files.model), stat(files.tokens)]);
  const version = [model, tokens].map((s) => `${s.size}:${s.mtimeMs}:${s.ino}`).join("/");
  const known = probed.get(folder);
  if (known?.version === version) return known.result;
  const result = checkOnce(folder, files.model);
  probed.set(folder, { version, result });
  return result;
}
