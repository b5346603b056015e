import {
  isLanguageModelError,
  languageModelFromSettings,
  type LanguageModel,
  type LanguageModelSettings,
} from "@verbatim/llm";
import type { FastifyBaseLogger } from "fastify";

/** The language model insights and questions use: made on first use, closed at shutdown. */
export interface LanguageModelSource {
  /** The model, or null when the LLM_* settings name none that can be made. */
  get(): LanguageModel | null;
  close(): Promise<void>;
}

/**
 * The language model of this process, from the LLM_* settings (docs/language-models.md): the
 * operator's OpenAI-compatible endpoint with LLM_BASE_URL, else the local model. Made once on
 * first use and kept (a local model loads once).
 */
export function languageModelSource(
  settings: LanguageModelSettings,
  log: FastifyBaseLogger,
): LanguageModelSource {
  let model: LanguageModel | null | undefined;
  return {
    get() {
      if (model !== undefined) return model;
      try {
        model = languageModelFromSettings(settings);
      } catch (error) {
        model = null;
        log.warn(
          { err: error, code: isLanguageModelError(error) ? error.code : undefined },
          "no language model: translations, insights and questions fail with their model-unavailable codes",
        );
      }
      return model;
    },
    async close() {
      await model?.close();
    },
  };
}

/** A source that always hands out `model` (tests, the benchmark). */
export function fixedLanguageModel(model: LanguageModel | null): LanguageModelSource {
  return { get: () => model, close: async () => model?.close() };
}
