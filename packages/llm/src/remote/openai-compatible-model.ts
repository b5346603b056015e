// The operator's own model: any OpenAI-compatible /v1/chat/completions (Ollama, vLLM,
// llama.cpp's server, a hosted API). The endpoint is the operator's setting, not user input, so
// it may be on the local network. What goes out is our prompt with the user's data wrapped as
// data (untrusted-text.ts); what comes back is treated as hostile: parsed, validated, bounded.

import { cancelledError, LanguageModelError, throwIfCancelled } from "../errors.js";
import { FairQueue } from "../fair-queue.js";
import type {
  ChatMessage,
  JsonAnswer,
  JsonRequest,
  LanguageModel,
  TextRequest,
} from "../language-model.js";
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_REMOTE_CONTEXT_SIZE,
  DEFAULT_TIMEOUT_MS,
} from "../settings.js";
import { generateValidatedJson, type RawAnswer } from "../structured-output.js";
import { ensureFits, estimateTokens } from "../token-budget.js";
import { backoffMs, MAX_RETRY_AFTER_MS, pause, retryAfterMs } from "./retry-policy.js";
import { serverSentEventData } from "./server-sent-events.js";

export interface RemoteModelOptions {
  /** API root, e.g. http://localhost:11434/v1 ("/chat/completions" is appended). */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  contextSize?: number | undefined;
  /** One attempt's limit; in a stream, the longest wait for the next piece. */
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  /** Tests: a fixed jitter source. */
  random?: () => number;
  /** Tests: the first backoff (default 500 ms, doubling). */
  backoffBaseMs?: number;
}

/** The most bytes of a non-streamed answer read (a hostile server cannot fill the memory). */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** The most characters of a server's error text quoted in a message. */
const MAX_QUOTED = 300;

/** The parts of a chat-completion answer this client reads. */
interface Completion {
  choices?: Array<{
    message?: { content?: unknown };
    delta?: { content?: unknown };
    finish_reason?: unknown;
  }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  error?: { message?: unknown } | string;
}

class RetryableFailure extends Error {
  constructor(
    message: string,
    readonly retryAfter: number | null,
    readonly final: LanguageModelError,
  ) {
    super(message);
  }
}

function quote(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > MAX_QUOTED ? `${clean.slice(0, MAX_QUOTED)}…` : clean;
}

function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as Completion;
    const error = parsed.error;
    if (typeof error === "string") return quote(error);
    if (error && typeof error.message === "string") return quote(error.message);
  } catch {
    // not JSON: quote the text itself
  }
  return /<html|<!doctype/i.test(body) ? "an HTML page" : quote(body);
}

function networkReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === "string") return code;
    current = current.cause;
  }
  return error instanceof Error ? error.message : String(error);
}

function count(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

async function readLimited(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    bytes += chunk.value.byteLength;
    if (bytes > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new LanguageModelError(
        "LLM_OUTPUT_INVALID",
        `The language-model endpoint sent more than ${MAX_RESPONSE_BYTES} bytes for one answer.`,
      );
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}

export class OpenAiCompatibleModel implements LanguageModel {
  readonly name: string;
  readonly contextSize: number;
  readonly #url: string;
  readonly #apiKey: string | undefined;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #random: () => number;
  readonly #backoffBaseMs: number | undefined;
  readonly #queue = new FairQueue();
  readonly #closing = new AbortController();

  constructor(options: RemoteModelOptions) {
    this.name = options.model;
    this.contextSize = options.contextSize ?? DEFAULT_REMOTE_CONTEXT_SIZE;
    this.#url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    this.#apiKey = options.apiKey;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.#random = options.random ?? Math.random;
    this.#backoffBaseMs = options.backoffBaseMs;
  }

  /** An estimate: the endpoint's tokenizer is not here (see estimateTokens). */
  countTokens(text: string): Promise<number> {
    return Promise.resolve(estimateTokens(text));
  }

  async generateJson<T>(request: JsonRequest<T>): Promise<JsonAnswer<T>> {
    return this.#queue.run(request.accountId, request.signal, () =>
      generateValidatedJson(request, async (messages) => {
        const estimated = await ensureFits(this, messages, request.maxTokens);
        return this.#complete(messages, request, estimated);
      }),
    );
  }

  async *streamText(request: TextRequest): AsyncGenerator<string> {
    const release = await this.#queue.acquire(request.accountId, request.signal);
    try {
      await ensureFits(this, request.messages, request.maxTokens);
      yield* this.#stream(request);
    } finally {
      release();
    }
  }

  close(): Promise<void> {
    this.#closing.abort(new Error("the language model was closed"));
    return Promise.resolve();
  }

  async #complete<T>(
    messages: ChatMessage[],
    request: JsonRequest<T>,
    estimated: number,
  ): Promise<RawAnswer> {
    const body = {
      model: this.name,
      messages,
      max_tokens: request.maxTokens,
      stream: false,
      response_format: {
        type: "json_schema",
        json_schema: { name: "answer", schema: request.schema, strict: true },
      },
    };
    const text = await this.#withRetries(request.signal, async (signal) => {
      const response = await this.#post(body, signal);
      return readLimited(response);
    });
    let parsed: Completion;
    try {
      parsed = JSON.parse(text) as Completion;
    } catch {
      throw new LanguageModelError(
        "LLM_OUTPUT_INVALID",
        `The language-model endpoint ${this.#url} answered with ${errorText(text)}, not a chat completion.`,
      );
    }
    const choice = parsed.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== "string") {
      throw new LanguageModelError(
        "LLM_OUTPUT_INVALID",
        `The language-model endpoint ${this.#url} sent a chat completion without an answer's text.`,
      );
    }
    return {
      text: content,
      promptTokens: count(parsed.usage?.prompt_tokens) ?? estimated,
      outputTokens: count(parsed.usage?.completion_tokens) ?? estimateTokens(content),
      truncated: choice?.finish_reason === "length",
    };
  }

  async *#stream(request: TextRequest): AsyncGenerator<string> {
    const body = {
      model: this.name,
      messages: request.messages,
      max_tokens: request.maxTokens,
      stream: true,
    };
    const idle = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(new Error("timeout")), this.#timeoutMs);
    };
    try {
      // Retries only until the first piece arrives: text already shown cannot be taken back.
      const response = await this.#withRetries(request.signal, (attemptSignal) =>
        this.#post(body, AbortSignal.any([attemptSignal, idle.signal])),
      );
      if (!response.body) throw this.#brokenStream("no body");
      arm();
      let finished = false;
      try {
        for await (const data of serverSentEventData(response.body)) {
          arm();
          if (data.trim() === "[DONE]") {
            finished = true;
            break;
          }
          let event: Completion;
          try {
            event = JSON.parse(data) as Completion;
          } catch {
            throw this.#brokenStream(`an event that is not JSON (${quote(data)})`);
          }
          if (event.error !== undefined) throw this.#brokenStream(`an error: ${errorText(data)}`);
          const choice = event.choices?.[0];
          const piece = choice?.delta?.content;
          if (typeof piece === "string" && piece.length > 0) yield piece;
          if (typeof choice?.finish_reason === "string") finished = true;
        }
      } catch (error) {
        throw this.#failure(error, request.signal, idle.signal);
      }
      if (!finished) throw this.#brokenStream("the end of the stream before the answer finished");
    } finally {
      clearTimeout(timer);
    }
  }

  #brokenStream(what: string): LanguageModelError {
    return new LanguageModelError(
      "LLM_UNREACHABLE",
      `The language-model endpoint ${this.#url} sent ${what} while streaming the answer.`,
    );
  }

  /** Maps a thrown error to the layer's codes (cancellation, timeout, network). */
  #failure(error: unknown, caller?: AbortSignal, timeout?: AbortSignal): LanguageModelError {
    if (error instanceof LanguageModelError) return error;
    if (caller?.aborted) return cancelledError(caller);
    if (this.#closing.signal.aborted) return cancelledError(this.#closing.signal);
    if (timeout?.aborted) {
      return new LanguageModelError(
        "LLM_UNREACHABLE",
        `The language-model endpoint ${this.#url} did not answer within ${this.#timeoutMs} ms (LLM_TIMEOUT_MS).`,
      );
    }
    return new LanguageModelError(
      "LLM_UNREACHABLE",
      `The language-model endpoint ${this.#url} cannot be reached (${networkReason(error)}).`,
      { cause: error },
    );
  }

  async #post(body: unknown, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    if (this.#apiKey) headers.authorization = `Bearer ${this.#apiKey}`;
    const response = await fetch(this.#url, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal,
      redirect: "error",
    });
    if (response.ok) {
      const type = response.headers.get("content-type") ?? "";
      if (/text\/html/i.test(type)) {
        await response.body?.cancel();
        throw new LanguageModelError(
          "LLM_UNREACHABLE",
          `${this.#url} answered with a web page, not the chat-completions API: check LLM_BASE_URL ` +
            "(it should end in /v1 for most servers).",
        );
      }
      return response;
    }
    const text = await readLimited(response).catch(() => "");
    const said = errorText(text);
    const status = response.status;
    if (status === 401 || status === 403) {
      throw new LanguageModelError(
        "LLM_KEY_REFUSED",
        `The language-model endpoint refused the key (HTTP ${status}: ${said}); check LLM_API_KEY.`,
      );
    }
    if (status === 404) {
      throw new LanguageModelError(
        "LLM_MODEL_MISSING",
        `The language-model endpoint ${this.#url} has no model "${this.name}" (HTTP 404: ${said}); ` +
          "check LLM_MODEL (and LLM_BASE_URL).",
      );
    }
    if (
      /context|too long|maximum.*tokens|token limit/i.test(said) &&
      (status === 400 || status === 413)
    ) {
      throw new LanguageModelError(
        "LLM_CONTEXT_EXCEEDED",
        `The language-model endpoint says the request is too long for ${this.name} (${said}); ` +
          "split the input, or set LLM_CONTEXT_SIZE to the model's real window.",
      );
    }
    const final = new LanguageModelError(
      "LLM_UNREACHABLE",
      `The language-model endpoint ${this.#url} failed (HTTP ${status}: ${said}).`,
    );
    if (status === 408 || status === 429 || status >= 500) {
      throw new RetryableFailure(
        final.message,
        retryAfterMs(response.headers.get("retry-after")),
        final,
      );
    }
    throw final;
  }

  /**
   * Runs one attempt after another until one succeeds, retrying 408/429/5xx, timeouts and network
   * failures up to maxRetries times with backoff (Retry-After respected up to 30 s); each
   * attempt has its own timeout. Cancellation and close abort the attempt in flight.
   */
  async #withRetries<R>(
    callerSignal: AbortSignal | undefined,
    attempt: (signal: AbortSignal) => Promise<R>,
  ): Promise<R> {
    const stop = AbortSignal.any([this.#closing.signal, ...(callerSignal ? [callerSignal] : [])]);
    for (let retry = 0; ; retry++) {
      throwIfCancelled(callerSignal);
      // The attempt's own limit ends when it returns (a stream's pieces have their own timer).
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error("timeout")), this.#timeoutMs);
      let failure: LanguageModelError;
      let wait: number | null = null;
      try {
        return await attempt(AbortSignal.any([timeout.signal, stop]));
      } catch (error) {
        if (error instanceof RetryableFailure) {
          failure = error.final;
          wait = error.retryAfter;
        } else if (error instanceof LanguageModelError) {
          throw error;
        } else {
          failure = this.#failure(error, callerSignal, timeout.signal);
          // Only a network failure or a timeout is worth another attempt.
          if (failure.code !== "LLM_UNREACHABLE") throw failure;
        }
      } finally {
        clearTimeout(timer);
      }
      if (retry >= this.#maxRetries) throw failure;
      if (wait !== null && wait > MAX_RETRY_AFTER_MS) {
        throw new LanguageModelError(
          "LLM_UNREACHABLE",
          `${failure.message} It asks to wait ${Math.ceil(wait / 1000)} s, longer than the ` +
            `${MAX_RETRY_AFTER_MS / 1000} s Verbatim waits.`,
        );
      }
      try {
        await pause(wait ?? backoffMs(retry + 1, this.#random, this.#backoffBaseMs), stop);
      } catch {
        throw cancelledError(callerSignal ?? this.#closing.signal);
      }
    }
  }
}
