// @verbatim/llm/testing: test support (never used by production code).
export {
  startScriptedChatServer,
  type ChatScript,
  type RecordedRequest,
  type ScriptedChatServer,
  type ScriptedReply,
} from "./scripted-chat-server.js";
export {
  ensureRandomGguf,
  writeRandomGguf,
  QWEN3_1_7B_SHAPE,
  type RandomGgufShape,
} from "./random-gguf.js";
export { writeGguf, GgmlType, type GgufTensor, type GgufValue } from "./gguf-writer.js";
