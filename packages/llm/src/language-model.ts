// The one interface every caller of a language model uses (translation, insights, "ask"):
// the local model (local/) and the operator's OpenAI-compatible endpoint (remote/) both
// implement it, so callers never know which one answers.

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A JSON-schema-shaped answer: the layer asks for it (a grammar locally, response_format
 *  json_schema remotely), parses it, validates it with `validate`, retries once with the
 *  validation error shown to the model, then throws LanguageModelError("LLM_OUTPUT_INVALID"). */
export interface JsonRequest<T> {
  messages: ChatMessage[];
  /** JSON Schema, an object at the top. */
  schema: Record<string, unknown>;
  /** Throws (e.g. a zod parse) when the value is invalid; its message is shown to the model. */
  validate: (value: unknown) => T;
  maxTokens: number;
  signal?: AbortSignal;
  /** Who asks: the fair queue takes one request at a time per model, round-robin by this. */
  accountId: string;
}

export interface JsonAnswer<T> {
  value: T;
  /** Prompt tokens read over all attempts (a retry reads the prompt again). */
  promptTokens: number;
  /** Tokens generated over all attempts. */
  outputTokens: number;
}

export interface TextRequest {
  messages: ChatMessage[];
  maxTokens: number;
  signal?: AbortSignal;
  accountId: string;
}

export interface LanguageModel {
  /** Shown to users and stored with results, e.g. "qwen3-1.7b-q4_k_m" or the remote LLM_MODEL. */
  readonly name: string;
  /** Tokens the model reads and writes in one request (prompt + answer). */
  readonly contextSize: number;
  countTokens(text: string): Promise<number>;
  generateJson<T>(request: JsonRequest<T>): Promise<JsonAnswer<T>>;
  /** Streams the answer's text as it is generated (for "ask"). */
  streamText(request: TextRequest): AsyncIterable<string>;
  close(): Promise<void>;
}
