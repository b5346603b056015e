// The messages between LocalLanguageModel (parent) and llama-child (the llama.cpp process).
import type { LanguageModelErrorCode } from "../errors.js";
import type { ChatMessage } from "../language-model.js";

export interface ChildSettings {
  modelPath: string;
  contextSize: number;
  threads: number | undefined;
  gpu: "auto" | "off";
}

/** What the parent asks of the child. */
export type ChildRequest =
  | { type: "count"; text: string }
  | {
      type: "generate";
      messages: ChatMessage[];
      maxTokens: number;
      /** A JSON schema for grammar-constrained output, or null for free text (streamed). */
      schema: Record<string, unknown> | null;
    };

export type ParentMessage = (ChildRequest & { id: number }) | { type: "abort"; id: number };

export type ChildMessage =
  | { type: "ready"; contextSize: number; gpu: string | false; trainedContext: number }
  | { type: "fatal"; message: string }
  | { type: "count"; id: number; tokens: number }
  | { type: "piece"; id: number; text: string }
  | {
      type: "done";
      id: number;
      text: string;
      promptTokens: number;
      outputTokens: number;
      truncated: boolean;
    }
  | { type: "error"; id: number; code: LanguageModelErrorCode; message: string };
