// The part of a language model translation uses: the shape of `LanguageModel` in `@verbatim/llm`
// (docs/translation.md), written here as an interface so that this package stays pure and any
// model that has these members (the local one, the operator's endpoint, a test's) can translate.

/** One message of a chat. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A request for an answer in JSON of a schema, checked by `validate`. */
export interface JsonRequest<T> {
  messages: ChatMessage[];
  schema: Record<string, unknown>;
  validate: (value: unknown) => T;
  maxTokens: number;
  signal?: AbortSignal;
  accountId: string;
}

/** What the model answered, and the tokens it read and wrote. */
export interface JsonAnswer<T> {
  value: T;
  promptTokens: number;
  outputTokens: number;
}

/** A language model as translation uses it (a structural subset of `LanguageModel`). */
export interface TranslationModel {
  readonly name: string;
  /** Tokens the model reads and writes in one request. */
  readonly contextSize: number;
  countTokens(text: string): Promise<number>;
  generateJson<T>(request: JsonRequest<T>): Promise<JsonAnswer<T>>;
}

/** The code of a language-model error (`LanguageModelError.code`), when `error` has one. */
export function languageModelErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("LLM_") ? code : undefined;
}
