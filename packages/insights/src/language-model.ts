// The language-model layer's interface as agreed with packages/llm (docs/insights.md). Insights
// needs only these shapes; the server and the CLI hand in the layer's real model
// (`languageModelFromSettings`), tests a scripted one.

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface JsonRequest<T> {
  messages: ChatMessage[];
  schema: Record<string, unknown>;
  validate: (value: unknown) => T;
  maxTokens: number;
  signal?: AbortSignal;
  accountId: string;
}

export interface JsonAnswer<T> {
  value: T;
  promptTokens: number;
  outputTokens: number;
}

export interface TextRequest {
  messages: ChatMessage[];
  maxTokens: number;
  signal?: AbortSignal;
  accountId: string;
}

/** What insights asks of a language model (a subset of `@verbatim/llm`'s `LanguageModel`). */
export interface InsightModel {
  readonly name: string;
  readonly contextSize: number;
  countTokens(text: string): Promise<number>;
  generateJson<T>(request: JsonRequest<T>): Promise<JsonAnswer<T>>;
  streamText(request: TextRequest): AsyncIterable<string>;
}
