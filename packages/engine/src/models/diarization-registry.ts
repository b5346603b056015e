// The ONNX models speaker diarization runs on (through sherpa-onnx), in the same registry and
// download code as the whisper.cpp models. Sizes and SHA-256 values are those published for
// sherpa-onnx's exports (the model.onnx of csukuangfj/sherpa-onnx-pyannote-segmentation-3-0 and
// the 3D-Speaker file of csukuangfj/speaker-embedding-models on Hugging Face), as several
// independent projects pin them; they could not be checked against a download from this
// machine, which cannot reach Hugging Face. Accuracy with these models is not measured here.
import { DEFAULT_HUGGING_FACE, type DownloadableFile } from "./registry.js";

/** What a diarization model does in the pipeline. */
export type DiarizationRole = "segmentation" | "embedding";

export interface DiarizationModelEntry extends DownloadableFile {
  role: DiarizationRole;
  /** One line for `verbatim models list`. */
  description: string;
}

export const DIARIZATION_MODEL_REGISTRY: readonly DiarizationModelEntry[] = [
  {
    name: "pyannote-segmentation-3.0",
    role: "segmentation",
    // sherpa-onnx publishes it as model.onnx; a models folder holds it under a telling name.
    fileName: "pyannote-segmentation-3.0.onnx",
    sizeBytes: 5_992_913,
    checksum: {
      algorithm: "sha256",
      value: "220ad67ca923bef2fa91f2390c786097bf305bceb5e261d4af67b38e938e1079",
    },
    url: `${DEFAULT_HUGGING_FACE}/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/main/model.onnx`,
    description: "who speaks when, in 10 s windows (pyannote segmentation-3.0, MIT)",
  },
  {
    name: "3dspeaker-eres2net-base",
    role: "embedding",
    fileName: "3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx",
    sizeBytes: 39_593_761,
    checksum: {
      algorithm: "sha256",
      value: "1a331345f04805badbb495c775a6ddffcdd1a732567d5ec8b3d5749e3c7a5e4b",
    },
    url: `${DEFAULT_HUGGING_FACE}/csukuangfj/speaker-embedding-models/resolve/main/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx`,
    description: "voice embeddings, 512 values (3D-Speaker ERes2Net base, Apache-2.0)",
  },
];

export function findDiarizationModel(
  name: string,
  registry: readonly DiarizationModelEntry[] = DIARIZATION_MODEL_REGISTRY,
): DiarizationModelEntry | undefined {
  return registry.find((entry) => entry.name === name);
}

/** The registry entry of the model that plays `role`. */
export function diarizationModelFor(role: DiarizationRole): DiarizationModelEntry {
  return DIARIZATION_MODEL_REGISTRY.find((entry) => entry.role === role)!;
}
