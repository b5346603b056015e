import { OpenAiCompatibleModel } from "./remote/openai-compatible-model.js";
import type { LanguageModel } from "./language-model.js";
import type { LanguageModelSettings } from "./settings.js";
import { LanguageModelError } from "./errors.js";

/**
 * The model the settings name: the operator's endpoint when LLM_BASE_URL is set (LLM_MODEL is
 * then required), otherwise the local model (LLM_MODEL a catalog name or a GGUF path).
 */
export function languageModelFromSettings(settings: LanguageModelSettings): LanguageModel {
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
  throw new LanguageModelError(
    "LLM_NOT_READY",
    "The local language model is not available in this build yet; set LLM_BASE_URL to an OpenAI-compatible endpoint.",
  );
}
