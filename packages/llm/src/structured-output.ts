import { LanguageModelError, throwIfCancelled } from "./errors.js";
import type { ChatMessage, JsonAnswer, JsonRequest } from "./language-model.js";

/** One generation: the model's raw text and what it cost. */
export interface RawAnswer {
  text: string;
  promptTokens: number;
  outputTokens: number;
  /** True when the answer stopped at maxTokens (it is then cut short, usually invalid JSON). */
  truncated: boolean;
}

const MAX_SHOWN_ANSWER = 2_000;
const MAX_SHOWN_ERROR = 1_000;

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_SHOWN_ERROR ? `${text.slice(0, MAX_SHOWN_ERROR)}…` : text;
}

/** Parses and validates one answer; returns the value or the reason it is not acceptable. */
function check<T>(answer: RawAnswer, request: JsonRequest<T>): { value: T } | { problem: string } {
  if (answer.truncated) {
    return {
      problem: `the answer stopped at the ${request.maxTokens}-token limit before the JSON was complete`,
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch (error) {
    return { problem: `the answer is not JSON (${describeError(error)})` };
  }
  try {
    return { value: request.validate(parsed) };
  } catch (error) {
    return { problem: `the JSON does not match what was asked: ${describeError(error)}` };
  }
}

/**
 * The shared rule for structured answers: ask, parse, validate; on failure ask once more with
 * the invalid answer and the reason shown to the model; then LLM_OUTPUT_INVALID. `generate`
 * is the implementation's constrained generation (a grammar, or response_format).
 */
export async function generateValidatedJson<T>(
  request: JsonRequest<T>,
  generate: (messages: ChatMessage[]) => Promise<RawAnswer>,
): Promise<JsonAnswer<T>> {
  let promptTokens = 0;
  let outputTokens = 0;
  let messages = request.messages;
  let lastProblem = "";
  for (let attempt = 1; attempt <= 2; attempt++) {
    throwIfCancelled(request.signal);
    let answer: RawAnswer;
    try {
      answer = await generate(messages);
    } catch (error) {
      // The retry's longer prompt may not fit where the first did: the answer stays unusable.
      if (
        attempt === 2 &&
        error instanceof LanguageModelError &&
        error.code === "LLM_CONTEXT_EXCEEDED"
      )
        break;
      throw error;
    }
    promptTokens += answer.promptTokens;
    outputTokens += answer.outputTokens;
    const result = check(answer, request);
    if ("value" in result) return { value: result.value, promptTokens, outputTokens };
    lastProblem = result.problem;
    const shown =
      answer.text.length > MAX_SHOWN_ANSWER
        ? `${answer.text.slice(0, MAX_SHOWN_ANSWER)}…`
        : answer.text;
    messages = [
      ...request.messages,
      { role: "assistant", content: shown },
      {
        role: "user",
        content:
          `That answer cannot be used: ${result.problem}. ` +
          "Answer again with one JSON value that follows the schema exactly, and nothing else.",
      },
    ];
  }
  throw new LanguageModelError(
    "LLM_OUTPUT_INVALID",
    `The language model's answer was not usable twice in a row: ${lastProblem}.`,
  );
}
