// @verbatim/llm: the language-model layer (docs/language-models.md).
export type {
  ChatMessage,
  JsonAnswer,
  JsonRequest,
  LanguageModel,
  TextRequest,
} from "./language-model.js";
export {
  cancelledError,
  isLanguageModelError,
  LANGUAGE_MODEL_ERROR_CODES,
  LanguageModelError,
  type LanguageModelErrorCode,
} from "./errors.js";
export {
  DEFAULT_LOCAL_CONTEXT_SIZE,
  DEFAULT_MAX_RETRIES,
  DEFAULT_REMOTE_CONTEXT_SIZE,
  DEFAULT_TIMEOUT_MS,
  languageModelSettingsFromEnv,
  type LanguageModelSettings,
} from "./settings.js";
export { languageModelFromSettings, type LanguageModelServices } from "./from-settings.js";
export {
  LocalLanguageModel,
  type DownloadLanguageModel,
  type LocalModelOptions,
} from "./local/local-model.js";
export {
  DEFAULT_LANGUAGE_MODEL,
  findLanguageModel,
  LANGUAGE_MODEL_CATALOG,
  type LanguageModelEntry,
} from "./catalog.js";
export { FairQueue } from "./fair-queue.js";
export {
  countPromptTokens,
  dataTokenBudget,
  ensureFits,
  estimateTokens,
  splitByTokenBudget,
  type SplitOptions,
} from "./token-budget.js";
export { DATA_IS_NOT_INSTRUCTIONS, taskWithData, wrapAsData } from "./untrusted-text.js";
export {
  OpenAiCompatibleModel,
  type RemoteModelOptions,
} from "./remote/openai-compatible-model.js";
