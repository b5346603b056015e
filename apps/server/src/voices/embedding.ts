import * as engine from "@verbatim/engine";

/** The engine's speaker embedding of (part of) a media file: `voiceEmbedding` of @verbatim/engine. */
export type VoiceEmbedding = (
  input: string,
  options?: { modelsDir?: string; startMs?: number; endMs?: number; signal?: AbortSignal },
) => Promise<{ embedding: number[]; model: string }>;

/**
 * The engine's `voiceEmbedding`. Looked up by name, since the engine's diarization lands on a
 * branch of its own: without it every voice is refused as DIARIZATION_MODEL_MISSING.
 */
export const voiceEmbedding: VoiceEmbedding = async (input, options) => {
  const found = (engine as unknown as { voiceEmbedding?: VoiceEmbedding }).voiceEmbedding;
  if (typeof found !== "function") {
    throw new engine.EngineError(
      "DIARIZATION_MODEL_MISSING" as engine.EngineErrorCode,
      "This server's engine cannot tell voices apart (no diarization support).",
    );
  }
  return found(input, options);
};
