import { createRequire } from "node:module";
import type { TranscribeDetailedResult, TranscribeParams } from "smart-whisper";
import { EngineError } from "../errors.js";
import type { DecodeOptions, RawSegment, SpeechModel } from "./speech-model.js";
import { isSpecialToken, tokensToWords } from "./tokens-to-words.js";

// smart-whisper is CommonJS and loads its native addon on import; require it lazily so that
// importing the engine never touches native code until a transcription needs it.
const require = createRequire(import.meta.url);
type SmartWhisper = typeof import("smart-whisper");

function loadBinding(modulePath: string): SmartWhisper {
  try {
    return require(modulePath) as SmartWhisper;
  } catch (error) {
    throw new EngineError(
      "ENGINE_FAILED",
      'The whisper.cpp binding is not built: run "npm install" (it compiles smart-whisper).',
      { cause: error },
    );
  }
}

/**
 * Loads a whisper.cpp model through smart-whisper. `bindingPath` selects another build of the
 * binding (the benchmark compares the SIMD build with a plain one).
 */
export async function loadSmartWhisperModel(
  path: string,
  gpu = false,
  bindingPath = "smart-whisper",
): Promise<SpeechModel> {
  const { WhisperModel, TranscribeTask } = loadBinding(bindingPath);
  let model: InstanceType<SmartWhisper["WhisperModel"]>;
  try {
    model = await WhisperModel.load(path, gpu);
  } catch (error) {
    throw new EngineError("MODEL_INVALID", `whisper.cpp could not load the model ${path}.`, {
      cause: error,
    });
  }

  return {
    async transcribe(pcm, options, onSegment) {
      const params = toParams(options);
      const task = await TranscribeTask.run(model, pcm, params);
      if (onSegment) {
        task.on("transcribed", (result) => onSegment(toSegment(result, options)));
      }
      const results = await task.result;
      return results.map((result) => toSegment(result, options));
    },
    async free() {
      await model.free();
    },
  };
}

function toParams(options: DecodeOptions): Partial<TranscribeParams<"detail", true>> {
  return {
    format: "detail",
    language: options.language,
    translate: options.translate,
    token_timestamps: true,
    n_threads: options.threads,
    strategy: options.beamSize > 1 ? 1 : 0,
    beam_size: options.beamSize,
    best_of: options.beamSize > 1 ? options.beamSize : 1,
    temperature: options.temperature ?? 0,
    // whisper.cpp raises the temperature by 0.2 per failed try; 0 turns the fallback off.
    ...(options.temperatureFallback ? {} : { temperature_inc: 0 }),
    suppress_blank: true,
    suppress_non_speech_tokens: true,
    ...(options.prompt ? { initial_prompt: options.prompt } : {}),
  };
}

function toSegment(result: TranscribeDetailedResult<true>, options: DecodeOptions): RawSegment {
  const text = result.text.trim();
  const words =
    options.wordTimestamps && result.tokens ? tokensToWords(result.tokens, text) : undefined;
  const tokens = (result.tokens ?? [])
    .filter((token) => !isSpecialToken(token.text))
    .map((token) => ({
      id: token.id,
      text: token.text,
      p: token.p,
      start: token.from ?? result.from,
      end: token.to ?? result.to,
    }));
  return {
    start: result.from,
    end: result.to,
    text,
    language: result.lang ?? (options.language === "auto" ? undefined : options.language),
    confidence: result.confidence,
    ...(words && words.length > 0 ? { words } : {}),
    tokens,
    ...(tokens.length > 0 ? { avgLogprob: meanLogprob(tokens) } : {}),
    // This binding reports neither the no-speech probability nor whether a window was
    // re-decoded hotter; without the fallback, every window runs at the given temperature.
    ...(options.temperatureFallback ? {} : { temperature: options.temperature ?? 0 }),
  };
}

/** Mean natural log of the tokens' probabilities (whisper's avg_logprob). */
function meanLogprob(tokens: readonly { p: number }[]): number {
  const sum = tokens.reduce((total, token) => total + Math.log(Math.max(token.p, 1e-10)), 0);
  return sum / tokens.length;
}
