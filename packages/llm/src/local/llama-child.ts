// The local language model's process: node-llama-cpp with one model, one context and one
// sequence, answering the parent's requests one at a time over IPC. A llama.cpp crash or an
// out-of-memory kill ends this process, never the server: the parent fails the request in
// flight and starts a new child for the next one.
import {
  getLlama,
  LlamaChat,
  LlamaLogLevel,
  type ChatHistoryItem,
  type LlamaContextSequence,
  type LlamaModel,
  type Llama,
} from "node-llama-cpp";

import type { ChatMessage } from "../language-model.js";
import type { ChildMessage, ChildSettings, ParentMessage } from "./protocol.js";

const send = (message: ChildMessage) => process.send?.(message);

function history(messages: ChatMessage[]): ChatHistoryItem[] {
  return messages.map((message): ChatHistoryItem => {
    if (message.role === "system") return { type: "system", text: message.content };
    if (message.role === "user") return { type: "user", text: message.content };
    return { type: "model", response: [message.content] };
  });
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  sequence: LlamaContextSequence;
  contextSize: number;
}

async function load(settings: ChildSettings): Promise<Loaded> {
  // build: "never": the prebuilt binaries only; compiling llama.cpp at run time would need the
  // internet and minutes of CPU. A machine they do not fit fails here with a clear message.
  const llama = await getLlama({
    gpu: settings.gpu === "off" ? false : "auto",
    build: "never",
    logLevel: LlamaLogLevel.error,
    progressLogs: false,
  });
  const model = await llama.loadModel({ modelPath: settings.modelPath });
  const trained = model.trainContextSize;
  const contextSize = Math.min(settings.contextSize, trained);
  const context = await model.createContext({
    contextSize,
    sequences: 1,
    ...(settings.threads ? { threads: settings.threads } : {}),
  });
  return { llama, model, sequence: context.getSequence(), contextSize: context.contextSize };
}

const running = new Map<number, AbortController>();

async function generate(loaded: Loaded, message: Extract<ParentMessage, { type: "generate" }>) {
  const controller = new AbortController();
  running.set(message.id, controller);
  const chat = new LlamaChat({ contextSequence: loaded.sequence, autoDisposeSequence: false });
  try {
    const chatHistory = [
      ...history(message.messages),
      { type: "model", response: [] } as ChatHistoryItem,
    ];
    // The exact prompt, as the chat template renders it: never more than the window (llama.cpp
    // would shift the context and silently drop the start of the prompt).
    const { contextText } = chat.chatWrapper.generateContextState({ chatHistory });
    const promptTokens = contextText.tokenize(loaded.model.tokenizer).length;
    if (promptTokens + message.maxTokens > loaded.contextSize) {
      send({
        type: "error",
        id: message.id,
        code: "LLM_CONTEXT_EXCEEDED",
        message:
          `The request needs ${promptTokens} prompt tokens and up to ${message.maxTokens} answer tokens, ` +
          `more than the ${loaded.contextSize}-token context window; split the input.`,
      });
      return;
    }
    const grammar = message.schema
      ? // The schema is ours (the callers'), not user input; node-llama-cpp's types want a literal.
        await loaded.llama.createGrammarForJsonSchema(message.schema as never)
      : undefined;
    let outputTokens = 0;
    const result = await chat.generateResponse(chatHistory, {
      ...(grammar ? { grammar } : {}),
      maxTokens: message.maxTokens,
      signal: controller.signal,
      stopOnAbortSignal: false,
      // Qwen3's recommended sampling without thinking (its model card), and no thought segment:
      // answers are the JSON or the text asked for, within maxTokens.
      temperature: 0.7,
      topP: 0.8,
      topK: 20,
      budgets: { thoughtTokens: 0 },
      onToken: (tokens) => (outputTokens += tokens.length),
      ...(grammar
        ? {}
        : { onTextChunk: (text: string) => send({ type: "piece", id: message.id, text }) }),
    });
    send({
      type: "done",
      id: message.id,
      text: result.response,
      promptTokens,
      outputTokens,
      truncated: result.metadata.stopReason === "maxTokens",
    });
  } catch (error) {
    const cancelled = controller.signal.aborted;
    send({
      type: "error",
      id: message.id,
      code: cancelled ? "LLM_CANCELLED" : "LLM_RUNTIME_FAILED",
      message: cancelled
        ? "The language-model request was cancelled."
        : `The local language model failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  } finally {
    running.delete(message.id);
    chat.dispose({ disposeSequence: false });
    await loaded.sequence.clearHistory().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const settings = JSON.parse(process.env.VERBATIM_LLM_CHILD ?? "{}") as ChildSettings;
  let loaded: Loaded;
  try {
    loaded = await load(settings);
  } catch (error) {
    send({ type: "fatal", message: error instanceof Error ? error.message : String(error) });
    process.exitCode = 1;
    process.disconnect?.();
    return;
  }
  let queue = Promise.resolve();
  process.on("message", (message: ParentMessage) => {
    if (message.type === "abort") {
      running.get(message.id)?.abort();
      return;
    }
    if (message.type === "count") {
      send({ type: "count", id: message.id, tokens: loaded.model.tokenize(message.text).length });
      return;
    }
    queue = queue.then(() => generate(loaded, message));
  });
  process.on("disconnect", () => process.exit(0));
  send({
    type: "ready",
    contextSize: loaded.contextSize,
    gpu: loaded.llama.gpu,
    trainedContext: loaded.model.trainContextSize,
  });
}

void main();
