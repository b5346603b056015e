import { EngineError } from "../errors.js";
import {
  nativeAddon,
  type NativeModel,
  type NativeResult,
  type NativeSegment,
  type NativeTranscribeOptions,
} from "./native-binding.js";
import type { DecodeOptions, RawSegment, Recogniser } from "../recognisers/recogniser.js";
import { tokensToWords } from "./tokens-to-words.js";

/** How a model is loaded. */
export interface WhisperLoadOptions {
  gpu: boolean;
  /**
   * DTW token times with this alignment-heads preset (a model name such as "base"). Turns
   * flash attention off and whisper.cpp then streams no segments; off by default.
   */
  dtw?: string;
}

/** Loads a whisper.cpp model through Verbatim's addon; it stays loaded until free(). */
export async function loadWhisperModel(
  path: string,
  options: WhisperLoadOptions = { gpu: false },
): Promise<Recogniser & { readonly native: NativeModel }> {
  const binding = nativeAddon();
  let model: NativeModel;
  try {
    model = await binding.loadModel(path, {
      gpu: options.gpu,
      ...(options.dtw ? { dtw: options.dtw } : {}),
    });
  } catch (error) {
    throw new EngineError("MODEL_INVALID", `whisper.cpp could not load the model ${path}.`, {
      cause: error,
    });
  }

  return {
    family: "whisper",
    backend: `whisper.cpp ${binding.systemInfo().whisperVersion}`,
    native: model,
    async transcribe(pcm, options, onSegment, onProgress) {
      const known = options.language === "auto" ? undefined : options.language;
      const params: NativeTranscribeOptions = {
        language: options.language,
        translate: options.translate,
        threads: options.threads,
        beamSize: options.beamSize,
        temperature: options.temperature,
        temperatureFallback: options.temperatureFallback,
        tokenTimestamps: options.wordTimestamps,
        ...(options.prompt ? { prompt: options.prompt } : {}),
        ...(options.windowFitsAudio ? { audioCtx: audioContextFor(pcm.length) } : {}),
        ...(onSegment ? { onSegment: (s) => onSegment(toRawSegment(s, options, known)) } : {}),
        ...(onProgress ? { onProgress: (percent) => onProgress(percent / 100) } : {}),
      };
      const result = await run(() => model.transcribe(pcm, params));
      return result.segments.map((segment) =>
        toRawSegment(segment, options, result.language, result.languageProbability),
      );
    },
    async detectLanguage(pcm, threads) {
      const result = await run(() =>
        model.transcribe(pcm, {
          language: "auto",
          detectOnly: true,
          threads,
          translate: false,
          beamSize: 1,
          temperature: 0,
          temperatureFallback: false,
          tokenTimestamps: false,
        }),
      );
      return { language: result.language, probability: result.languageProbability ?? 0 };
    },
    abort() {
      model.abort();
    },
    async free() {
      model.free();
    },
  };
}

/** Whisper's encoder positions per second of audio (1,500 for its 30-s window). */
const POSITIONS_PER_SECOND = 50;
/** Positions added after the audio: Whisper was trained on padded windows, and a context cut at
 * the last word makes it lose the end of the stretch or repeat itself. */
const TRAILING_POSITIONS = 64;

/**
 * The encoder context (`audio_ctx`) for `samples` of 16-kHz audio: the audio's positions and a
 * second or so after, rounded up to a multiple of 64, at most the whole window.
 */
export function audioContextFor(samples: number): number {
  const positions = Math.ceil((samples / 16_000) * POSITIONS_PER_SECOND) + TRAILING_POSITIONS;
  return Math.min(1_500, Math.ceil(positions / 64) * 64);
}

/** Runs one addon call, its failures as the engine's errors. */
async function run(call: () => Promise<NativeResult>): Promise<NativeResult> {
  try {
    return await call();
  } catch (error) {
    if ((error as { code?: unknown }).code === "ABORTED") {
      throw new EngineError("CANCELLED", "Cancelled.");
    }
    throw new EngineError("ENGINE_FAILED", `The speech engine failed: ${String(error)}`, {
      cause: error,
    });
  }
}

function toRawSegment(
  segment: NativeSegment,
  options: DecodeOptions,
  language: string | undefined,
  languageProbability?: number,
): RawSegment {
  const text = segment.text.trim();
  const tokens = segment.tokens.map(({ id, text, p, start, end }) => ({ id, text, p, start, end }));
  const words = options.wordTimestamps
    ? tokensToWords(
        tokens.map((t) => ({ ...t, from: t.start, to: t.end })),
        text,
      )
    : undefined;
  const confidence =
    tokens.length > 0 ? tokens.reduce((sum, t) => sum + t.p, 0) / tokens.length : undefined;
  return {
    start: segment.start,
    end: segment.end,
    text,
    ...(language ? { language } : {}),
    ...(languageProbability !== undefined ? { languageProbability } : {}),
    ...(confidence !== undefined ? { confidence } : {}),
    ...(words && words.length > 0 ? { words } : {}),
    ...(options.wordTimestamps ? { tokens } : {}),
    avgLogprob: segment.avgLogprob,
    noSpeechProb: segment.noSpeechProb,
    ...(options.temperatureFallback ? {} : { temperature: options.temperature }),
  };
}
