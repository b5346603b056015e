// Public API of the models domain: the registry, validation, resolution and download.
export {
  DEFAULT_MODEL_BASE_URL,
  DEFAULT_MODELS,
  MODEL_BASE_URL_ENV,
  MODEL_REGISTRY,
  findModel,
  findModelByFileName,
  modelDownloadUrl,
  modelFileName,
  type Checksum,
  type DownloadableFile,
  type ModelEntry,
  type ModelSizeClass,
} from "./registry.js";
export {
  validateModelFile,
  type ModelInfo,
  type ValidateModelOptions,
} from "./validate-ggml.js";
export {
  listInstalledModels,
  resolveModel,
  type InstalledModel,
  type ResolvedModel,
  type ResolveModelOptions,
} from "./resolve-model.js";
export {
  downloadDiarizationModel,
  downloadModel,
  type DownloadedFile,
  type DownloadedModel,
  type DownloadModelOptions,
} from "./download-model.js";
export { downloadLanguageModel, languageModelDownloader } from "./download-language-model.js";
// The language models' catalog is @verbatim/llm's; the models domain lists and fetches them too.
export {
  findLanguageModel,
  LANGUAGE_MODEL_CATALOG,
  type LanguageModelEntry,
} from "@verbatim/llm";
export {
  downloadRecogniserModel,
  type DownloadedRecogniserModel,
  type DownloadRecogniserOptions,
} from "./download-recogniser-model.js";
export { UnsafeArchiveError, type UnpackLimits } from "./unpack-archive.js";
export {
  DIARIZATION_MODEL_REGISTRY,
  diarizationModelFor,
  findDiarizationModel,
  type DiarizationModelEntry,
  type DiarizationRole,
} from "./diarization-registry.js";
export {
  verifyInstalledModel,
  type VerifiedModel,
  type VerifyModelOptions,
} from "./verify-installed-model.js";
export { downloadCommands, installInstructions } from "./install-hints.js";
export { hashFile } from "./file-checksum.js";
export {
  GGML_MAGIC,
  HPARAM_NAMES,
  whisperTensorSpecs,
  type GgmlHparams,
  type TensorSpec,
} from "./ggml-layout.js";
export {
  RECOGNISER_MODEL_REGISTRY,
  WHISPER_LICENCE,
  PARAKEET_V3_LANGUAGES,
  familyLanguages,
  familyOfModelPath,
  familySupports,
  findRecogniserModel,
  modelsSupporting,
  recogniserDownload,
  recogniserEntryForFile,
  type ArchiveSpec,
  type ModelLicence,
  type RecogniserModelEntry,
} from "./recogniser-registry.js";
export { installedRecogniserPath, recogniserInstallHint } from "./resolve-model.js";
export { validateParakeetFile, type ParakeetFileInfo } from "./validate-parakeet.js";
export { PARAKEET_TDT_0_6B, type ParakeetHparams } from "./parakeet-layout.js";
export {
  DEFAULT_ROUTING,
  routeModel,
  routesByLanguage,
  TRANSCRIPTION_MODES,
  type Route,
  type RoutingTable,
  type TranscriptionMode,
} from "./route-model.js";
