// The two ONNX files speaker diarization needs, by the names they have in a models folder.
// sherpa-onnx runs them: the segmentation model finds who speaks when inside 10-second windows,
// the embedding model turns each speaker's stretch of a window into a voice vector for clustering.

/** pyannote segmentation-3.0 as sherpa-onnx exports it (its `model.onnx`, renamed). */
export const SEGMENTATION_MODEL_FILE = "pyannote-segmentation-3.0.onnx";

/** 3D-Speaker ERes2Net base as sherpa-onnx publishes it. */
export const EMBEDDING_MODEL_FILE = "3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx";
