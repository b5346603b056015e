// @verbatim/llm/testing: test support (never used by production code).
export {
  startScriptedChatServer,
  type ChatScript,
  type RecordedRequest,
  type ScriptedChatServer,
  type ScriptedReply,
} from "./scripted-chat-server.js";
