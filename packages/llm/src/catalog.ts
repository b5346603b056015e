// The local language models Verbatim knows by name (`verbatim models list`), fetched like the
// speech models: resumable, checked against a pinned SHA-256 when one is published, from
// VERBATIM_MODEL_BASE_URL when set (a mirror holding the same file names).

export interface LanguageModelEntry {
  /** Catalog name, e.g. "qwen3-1.7b-q4_k_m" (LLM_MODEL, `verbatim models download NAME`). */
  name: string;
  /** File name in the models folder and on a mirror. */
  fileName: string;
  /** Exact size in bytes of the published file. */
  sizeBytes: number;
  /** SHA-256 of the published file; null when no public source pins one (size is checked). */
  checksum: { algorithm: "sha256"; value: string } | null;
  /** Public download URL. */
  url: string;
  /** Licence of the weights, as its model card states it. */
  licence: { name: string; url: string };
  /** One line for `verbatim models list`. */
  description: string;
  /** Tokens the model was trained to read (the setting may ask for fewer, never more). */
  trainedContext: number;
}

export const QWEN3_1_7B_Q4_K_M: LanguageModelEntry = {
  name: "qwen3-1.7b-q4_k_m",
  fileName: "Qwen3-1.7B-Q4_K_M.gguf",
  sizeBytes: 1_107_409_472,
  checksum: null,
  url: "https://huggingface.co/unsloth/Qwen3-1.7B-GGUF/resolve/main/Qwen3-1.7B-Q4_K_M.gguf",
  licence: { name: "Apache-2.0", url: "https://huggingface.co/Qwen/Qwen3-1.7B/blob/main/LICENSE" },
  description:
    "Qwen3 1.7B instruct, 4-bit: translation, summaries and answers (Chinese and English)",
  trainedContext: 32_768,
};

/** Every local language model by name; the first is the default. */
export const LANGUAGE_MODEL_CATALOG: readonly LanguageModelEntry[] = [QWEN3_1_7B_Q4_K_M];

/** The local model used when LLM_MODEL is unset. */
export const DEFAULT_LANGUAGE_MODEL = QWEN3_1_7B_Q4_K_M.name;

export function findLanguageModel(name: string): LanguageModelEntry | undefined {
  const wanted = name.trim().toLowerCase();
  return LANGUAGE_MODEL_CATALOG.find(
    (entry) => entry.name === wanted || entry.fileName.toLowerCase() === wanted,
  );
}
