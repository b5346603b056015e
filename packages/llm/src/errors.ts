export type LanguageModelErrorCode =
  /** The local model is still downloading or not installed (the message names file and folder). */
  | "LLM_NOT_READY"
  /** The remote endpoint is down, unknown, refused the connection, or timed out after retries. */
  | "LLM_UNREACHABLE"
  /** The remote endpoint answered 401 or 403. */
  | "LLM_KEY_REFUSED"
  /** The remote endpoint does not know the model (404), or the local name is not in the catalog. */
  | "LLM_MODEL_MISSING"
  /** One request does not fit the context window even after the caller split its input. */
  | "LLM_CONTEXT_EXCEEDED"
  /** The answer was unparseable or invalid twice (or the endpoint sent something that is not an answer). */
  | "LLM_OUTPUT_INVALID"
  | "LLM_CANCELLED"
  /** The local runtime failed: llama.cpp crashed, ran out of memory, or could not load the file. */
  | "LLM_RUNTIME_FAILED";

export const LANGUAGE_MODEL_ERROR_CODES: readonly LanguageModelErrorCode[] = [
  "LLM_NOT_READY",
  "LLM_UNREACHABLE",
  "LLM_KEY_REFUSED",
  "LLM_MODEL_MISSING",
  "LLM_CONTEXT_EXCEEDED",
  "LLM_OUTPUT_INVALID",
  "LLM_CANCELLED",
  "LLM_RUNTIME_FAILED",
];

/** Every failure of the layer: callers map `code` to a message in the user's language. */
export class LanguageModelError extends Error {
  override readonly name = "LanguageModelError";
  constructor(
    readonly code: LanguageModelErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isLanguageModelError(error: unknown): error is LanguageModelError {
  return error instanceof LanguageModelError;
}

/** The error a cancelled request throws: LLM_CANCELLED, whatever the signal's reason. */
export function cancelledError(signal?: AbortSignal): LanguageModelError {
  const reason: unknown = signal?.reason;
  const detail = reason instanceof Error ? `: ${reason.message}` : "";
  return new LanguageModelError(
    "LLM_CANCELLED",
    `The language-model request was cancelled${detail}.`,
  );
}

export function throwIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw cancelledError(signal);
}
