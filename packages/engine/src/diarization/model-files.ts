// The two ONNX files speaker diarization needs, by the names they have in a models folder.
// sherpa-onnx runs them: the segmentation model finds who speaks when inside 10-second windows,
// the embedding model turns each speaker's stretch of a window into a voice vector for clustering.
import { access } from "node:fs/promises";
import { join, resolve } from "node:path";

import { EngineError } from "../errors.js";
import { diarizationModelFor } from "../models/diarization-registry.js";

const SEGMENTATION = diarizationModelFor("segmentation");
const EMBEDDING = diarizationModelFor("embedding");

/** pyannote segmentation-3.0 as sherpa-onnx exports it (its `model.onnx`, renamed). */
export const SEGMENTATION_MODEL_FILE = SEGMENTATION.fileName;
/** 3D-Speaker ERes2Net base as sherpa-onnx publishes it. */
export const EMBEDDING_MODEL_FILE = EMBEDDING.fileName;
/** Registry names of the two models (`verbatim models download <name>`). */
export const SEGMENTATION_MODEL_NAME = SEGMENTATION.name;
export const EMBEDDING_MODEL_NAME = EMBEDDING.name;

/** Absolute paths of the two model files. */
export interface DiarizationModelPaths {
  segmentation: string;
  embedding: string;
}

/**
 * The installed diarization models in `modelsDir`, or DIARIZATION_MODEL_MISSING naming the
 * missing file, where it belongs and the command that downloads it. `needed` narrows the check
 * (saving a voice needs only the embedding model).
 */
export async function findDiarizationModels(
  modelsDir: string,
  needed: readonly (keyof DiarizationModelPaths)[] = ["segmentation", "embedding"],
): Promise<DiarizationModelPaths> {
  const dir = resolve(modelsDir);
  const all = {
    segmentation: [SEGMENTATION_MODEL_NAME, SEGMENTATION_MODEL_FILE],
    embedding: [EMBEDDING_MODEL_NAME, EMBEDDING_MODEL_FILE],
  } as const;
  const wanted = needed.map((which) => all[which]);
  const missing: (typeof wanted)[number][] = [];
  for (const entry of wanted) {
    if (
      !(await access(join(dir, entry[1])).then(
        () => true,
        () => false,
      ))
    )
      missing.push(entry);
  }
  if (missing.length > 0) {
    const files = missing.map(([, file]) => file).join(" and ");
    const names = missing.map(([name]) => name).join(" ");
    throw new EngineError(
      "DIARIZATION_MODEL_MISSING",
      `Speaker labels need the diarization model${missing.length > 1 ? "s" : ""} ${files}, not found in ${dir}. ` +
        `Download ${missing.length > 1 ? "them" : "it"} with \`verbatim models download ${names}\` ` +
        `(in the repository: \`npm run models -- ${names}\`), or put the file${missing.length > 1 ? "s" : ""} there.`,
      { details: { modelsDir: dir, missing: files } },
    );
  }
  return {
    segmentation: join(dir, SEGMENTATION_MODEL_FILE),
    embedding: join(dir, EMBEDDING_MODEL_FILE),
  };
}
