// NVIDIA Parakeet TDT through whisper.cpp's own parakeet library, compiled into Verbatim's addon
// (native/src/parakeet-model.cpp): same process, same threads and abort as whisper.
import { EngineError } from "../errors.js";
import { nativeAddon, type NativeParakeetModel } from "../whisper/native-binding.js";
import { ParakeetSegmenter, parakeetSegments } from "./parakeet-segments.js";
import type { Recogniser } from "./recogniser.js";

/** Loads a Parakeet GGML model; it stays loaded until free(). */
export async function loadParakeetModel(
  path: string,
  options: { gpu: boolean } = { gpu: false },
): Promise<Recogniser & { readonly native: NativeParakeetModel }> {
  const binding = nativeAddon();
  let model: NativeParakeetModel;
  try {
    model = await binding.loadParakeet(path, { gpu: options.gpu });
  } catch (error) {
    throw new EngineError("MODEL_INVALID", `parakeet could not load the model ${path}.`, {
      cause: error,
    });
  }
  return {
    family: "parakeet",
    backend: `whisper.cpp ${binding.systemInfo().whisperVersion} parakeet`,
    native: model,
    async transcribe(pcm, options, onSegment, onProgress) {
      // Parakeet has no language token: a known language (given, or detected before routing)
      // labels the segments.
      const language = options.language === "auto" ? undefined : options.language;
      const live = onSegment ? new ParakeetSegmenter(language) : null;
      try {
        const result = await model.transcribe(pcm, {
          threads: options.threads,
          ...(live && onSegment
            ? {
                onToken: (token) => {
                  const closed = live.push(token);
                  if (closed) onSegment(closed);
                },
              }
            : {}),
          ...(onProgress ? { onProgress: (percent) => onProgress(percent / 100) } : {}),
        });
        const segments = parakeetSegments(result.tokens, language);
        // The live segmenter's last segment closes with the chunk.
        const last = live?.flush();
        if (last && last.text !== "" && onSegment) onSegment(last);
        return options.wordTimestamps
          ? segments
          : segments.map(({ words: _words, tokens: _tokens, ...segment }) => segment);
      } catch (error) {
        if ((error as { code?: unknown }).code === "ABORTED") {
          throw new EngineError("CANCELLED", "Cancelled.");
        }
        throw new EngineError("ENGINE_FAILED", `The speech engine failed: ${String(error)}`, {
          cause: error,
        });
      }
    },
    abort() {
      model.abort();
    },
    async free() {
      model.free();
    },
  };
}
