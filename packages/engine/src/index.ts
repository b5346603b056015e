// The engine's public API: media in, readable timed subtitles out.
export * from "./errors.js";
export * from "./transcribe-file.js";
export * from "./detect-language.js";
export { engineInfo, stopIdleEngine, type EnginePlacement } from "./pipeline/engine-runner.js";
export { formatEngineInfo, type EngineInfo } from "./engine-info.js";
export { probeMedia, type MediaInfo } from "./media/probe.js";
export { ProbeHelper } from "./media/probe-helper.js";
export {
  mediaFileIdentity,
  probeWithIdentity,
  type MediaFileIdentity,
  type ProbedMedia,
} from "./media/probed-media.js";
export { builtScriptPath } from "./pipeline/built-script.js";
export { decodePcm, SAMPLE_RATE } from "./media/decode.js";
export { detectShotChanges, SHOT_CHANGE_THRESHOLD } from "./media/shot-changes.js";
export { LISTENING_COPY_TYPE, writeListeningCopy } from "./media/listening-copy.js";
export { buildCues, DEFAULT_CUE_OPTIONS, type CueOptions } from "./cues/index.js";
export type { Segment } from "./pipeline/pipeline-types.js";
export {
  convertCantonese,
  convertChineseScript,
  type ChineseScript,
  CHINESE_SCRIPTS,
} from "./text/chinese-script.js";
export * from "./models/index.js";
export {
  voiceEmbedding,
  type VoiceEmbedding,
  type VoiceEmbeddingOptions,
} from "./diarization/voice-embedding.js";
export { VOICE_MATCH_THRESHOLD } from "./diarization/voice-match.js";
export { EMBEDDING_MODEL_NAME } from "./diarization/model-files.js";
export { findDiarizationModels, type DiarizationModelPaths } from "./diarization/model-files.js";
export { recognisedWords, retimeFile, type RetimedSubtitles } from "./retime-file.js";
export { RECOGNISER_FAMILIES, type RecogniserFamily } from "./recognisers/recogniser.js";
export {
  BURN_THREADS,
  burnCaptions,
  type BurnHooks,
  type BurnRequest,
  type BurnResult,
} from "./burn/burn-captions.js";
export {
  LiveEngine,
  type LiveListener,
  type LiveRecognition,
  type LiveEnginePlacement,
} from "./live/live-engine.js";
export type { LiveText } from "./live/live-decoder.js";
export type { LiveSessionSpec } from "./live/live-protocol.js";
