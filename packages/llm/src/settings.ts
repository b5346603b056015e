// The layer's settings, read from the environment by languageModelSettingsFromEnv (the server's
// config and the CLI pass the same names). docs/language-models.md describes each.

export interface LanguageModelSettings {
  /** LLM_BASE_URL: an OpenAI-compatible API root (e.g. http://ollama:11434/v1); unset = local. */
  baseUrl?: string | undefined;
  /** LLM_API_KEY: sent as `Authorization: Bearer …` to the remote endpoint. */
  apiKey?: string | undefined;
  /** LLM_MODEL: the remote model's name; locally a catalog name or a GGUF file's path. */
  model?: string | undefined;
  /** LLM_CONTEXT_SIZE: tokens per request (prompt + answer). */
  contextSize?: number | undefined;
  /** LLM_TIMEOUT_MS: one remote attempt's limit (and the longest pause inside a stream). */
  timeoutMs?: number | undefined;
  /** LLM_MAX_RETRIES: retries of a remote request after 429, 5xx or a network failure. */
  maxRetries?: number | undefined;
  /** MODELS_DIR: where catalog models are kept (the speech models' folder). */
  modelsDir?: string | undefined;
  /** LLM_THREADS: CPU threads of the local model (default: llama.cpp's choice). */
  threads?: number | undefined;
  /** LLM_GPU: "auto" (default) uses a GPU when llama.cpp finds one; "off" never does. */
  gpu?: "auto" | "off" | undefined;
}

/** Context window when LLM_CONTEXT_SIZE is unset: remote, Ollama's own default (it cuts there). */
export const DEFAULT_REMOTE_CONTEXT_SIZE = 4096;
/** Locally: 8k tokens (Qwen3 reads 32k; 8k keeps the cache near 0.9 GB at 1.7B). */
export const DEFAULT_LOCAL_CONTEXT_SIZE = 8192;
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_RETRIES = 3;

function positiveInteger(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, not "${raw}".`);
  }
  return value;
}

/** Reads LLM_* (and MODELS_DIR) from an environment; throws a clear message on a bad value. */
export function languageModelSettingsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): LanguageModelSettings {
  const baseUrl = env.LLM_BASE_URL?.trim() || undefined;
  if (baseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new Error(
        `LLM_BASE_URL must be an http(s) URL such as http://localhost:11434/v1, not "${baseUrl}".`,
      );
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new Error(`LLM_BASE_URL must be an http(s) URL, not "${baseUrl}".`);
    }
  }
  const gpu = env.LLM_GPU?.trim() || undefined;
  if (gpu !== undefined && gpu !== "auto" && gpu !== "off") {
    throw new Error(`LLM_GPU must be "auto" or "off", not "${gpu}".`);
  }
  return {
    baseUrl,
    apiKey: env.LLM_API_KEY?.trim() || undefined,
    model: env.LLM_MODEL?.trim() || undefined,
    contextSize: positiveInteger("LLM_CONTEXT_SIZE", env.LLM_CONTEXT_SIZE),
    timeoutMs: positiveInteger("LLM_TIMEOUT_MS", env.LLM_TIMEOUT_MS),
    maxRetries:
      env.LLM_MAX_RETRIES?.trim() === "0"
        ? 0
        : positiveInteger("LLM_MAX_RETRIES", env.LLM_MAX_RETRIES),
    modelsDir: env.MODELS_DIR?.trim() || undefined,
    threads: positiveInteger("LLM_THREADS", env.LLM_THREADS),
    gpu,
  };
}
