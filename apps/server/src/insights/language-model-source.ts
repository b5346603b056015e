import type { InsightModel } from "@verbatim/insights";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { LanguageModelSource } from "./insight-worker.js";

/**
 * The language model of this process, made from the LLM_* settings on first use and kept (a
 * local model loads once). Null while none is set up.
 */
export function languageModelSource(config: Config, log: FastifyBaseLogger): LanguageModelSource {
  let model: InsightModel | null | undefined;
  return () => {
    if (model !== undefined) return model;
    model = null;
    void config;
    log.info(
      "no language model is set up: insights and questions answer INSIGHTS_MODEL_NOT_CONFIGURED",
    );
    return model;
  };
}
