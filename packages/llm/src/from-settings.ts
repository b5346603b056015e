import { OpenAiCompatibleModel } from "./remote/openai-compatible-model.js";
import type { LanguageModel } from "./language-model.js";
import type { LanguageModelSettings } from "./settings.js";
import { LanguageModelError } from "./errors.js";
import { DEFAULT_LANGUAGE_MODEL } from "./catalog.js";
import { LocalLanguageModel, type DownloadLanguageModel } from "./local/local-model.js";

export interface LanguageModelServices {
  /** Fetches a missing catalog model in the background on first use (the speech models'
   *  downloader: @verbatim/engine's downloadLanguageModel). Without it, LLM_NOT_READY says
   *  how to install the file. */
  downloadModel?: DownloadLanguageModel;
}

/**
 * The model the settings name: the operator's endpoint when LLM_BASE_URL is set (LLM_MODEL is
 * then required), otherwise the local model (LLM_MODEL a catalog name or a GGUF path).
 */
export function languageModelFromSettings(
  settings: LanguageModelSettings,
  services: LanguageModelServices = {},
): LanguageModel {
  if (settings.baseUrl) {
    if (!settings.model) {
      throw new LanguageModelError(
        "LLM_MODEL_MISSING",
        "LLM_BASE_URL is set but LLM_MODEL is not: name the endpoint's model (e.g. LLM_MODEL=qwen3:1.7b).",
      );
    }
    return new OpenAiCompatibleModel({
      baseUrl: settings.baseUrl,
      model: settings.model,
      apiKey: settings.apiKey,
      contextSize: settings.contextSize,
      timeoutMs: settings.timeoutMs,
      maxRetries: settings.maxRetries,
    });
  }
  return new LocalLanguageModel({
    model: settings.model ?? DEFAULT_LANGUAGE_MODEL,
    modelsDir: settings.modelsDir ?? "models",
    contextSize: settings.contextSize,
    threads: settings.threads,
    gpu: settings.gpu,
    downloadModel: services.downloadModel,
  });
}
