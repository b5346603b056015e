import { LanguageModelError } from "./errors.js";
import type { ChatMessage, LanguageModel } from "./language-model.js";

/** Tokens a chat template adds around each message (role markers, separators), an upper bound. */
export const TOKENS_PER_MESSAGE = 8;
/** Tokens the template adds to open the answer (e.g. "<|im_start|>assistant\n"), an upper bound. */
export const TOKENS_TO_OPEN_ANSWER = 8;

/** Tokens a prompt of these messages takes, counted by the model's own tokenizer where it has one. */
export async function countPromptTokens(
  countTokens: (text: string) => Promise<number>,
  messages: readonly ChatMessage[],
): Promise<number> {
  let total = TOKENS_TO_OPEN_ANSWER;
  for (const message of messages)
    total += (await countTokens(message.content)) + TOKENS_PER_MESSAGE;
  return total;
}

/** Throws LLM_CONTEXT_EXCEEDED when prompt + answer cannot fit the window; returns the prompt's tokens. */
export async function ensureFits(
  model: Pick<LanguageModel, "contextSize" | "countTokens" | "name">,
  messages: readonly ChatMessage[],
  maxTokens: number,
): Promise<number> {
  const promptTokens = await countPromptTokens((text) => model.countTokens(text), messages);
  if (promptTokens + maxTokens > model.contextSize) {
    throw new LanguageModelError(
      "LLM_CONTEXT_EXCEEDED",
      `The request needs ${promptTokens} prompt tokens and up to ${maxTokens} answer tokens, ` +
        `more than the ${model.contextSize} of ${model.name}'s context window; split the input ` +
        "(or raise LLM_CONTEXT_SIZE if the model reads more).",
    );
  }
  return promptTokens;
}

/**
 * The tokens left for data in one request: the window less the answer, the fixed part of the
 * prompt (system message, instructions) and a safety margin of 5 % (template differences).
 */
export function dataTokenBudget(
  model: Pick<LanguageModel, "contextSize">,
  options: { fixedPromptTokens: number; maxTokens: number },
): number {
  const margin = Math.ceil(model.contextSize * 0.05);
  return model.contextSize - options.maxTokens - options.fixedPromptTokens - margin;
}

export interface SplitOptions<T> {
  /** The most tokens one chunk's items may take together. */
  budget: number;
  /** How an item reads in the prompt (its tokens are counted from this text). */
  render: (item: T) => string;
  countTokens: (text: string) => Promise<number>;
  /** Tokens added per item in the prompt beyond its text (separators, JSON punctuation). */
  overheadPerItem?: number;
}

/**
 * Splits a list (cues, sections) into consecutive chunks that each fit `budget` tokens, in
 * order, none empty, nothing dropped. An item that alone exceeds the budget throws
 * LLM_CONTEXT_EXCEEDED naming it: the caller must cut that item itself.
 */
export async function splitByTokenBudget<T>(
  items: readonly T[],
  options: SplitOptions<T>,
): Promise<T[][]> {
  if (!(options.budget > 0)) {
    throw new LanguageModelError(
      "LLM_CONTEXT_EXCEEDED",
      `No room is left for data in the context window (budget ${options.budget} tokens).`,
    );
  }
  const overhead = options.overheadPerItem ?? 0;
  const chunks: T[][] = [];
  let current: T[] = [];
  let used = 0;
  for (const [index, item] of items.entries()) {
    const tokens = (await options.countTokens(options.render(item))) + overhead;
    if (tokens > options.budget) {
      throw new LanguageModelError(
        "LLM_CONTEXT_EXCEEDED",
        `Item ${index + 1} alone takes ${tokens} tokens, more than the ${options.budget} a request has for data.`,
      );
    }
    if (used + tokens > options.budget && current.length > 0) {
      chunks.push(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += tokens;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * An upper-leaning estimate of a text's tokens for a model whose tokenizer is not available here
 * (a remote endpoint): each digit one token (Qwen, Llama 3 and others split numbers into
 * digits), other ASCII one per 3 characters (English averages about 4), anything else
 * (Chinese, Japanese, accented letters) 1.5 per character.
 */
export function estimateTokens(text: string): number {
  let digits = 0;
  let ascii = 0;
  let other = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 48 && code <= 57) digits++;
    else if (code < 128) ascii++;
    else other++;
  }
  return digits + Math.ceil(ascii / 3) + Math.ceil(other * 1.5);
}
