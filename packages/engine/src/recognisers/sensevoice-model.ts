// SenseVoice (zh, en, ja, ko, yue) through sherpa-onnx-node's OfflineRecognizer, in the engine
// process. Its sharp edges: a model missing a metadata key ends the whole process (_Exit), so a
// folder is probed in a child process first (sensevoice-probe.ts); booleans in its config are
// ignored (numbers are used); ITN is `useInverseTextNormalization`. A chunk is decoded in
// windows of at most WINDOW_MS (SenseVoice is trained on short utterances), each on the thread
// pool; a cancel takes effect between windows.
import { existsSync } from "node:fs";
import { join } from "node:path";

import { sherpaOnnx } from "../diarization/sherpa-runtime.js";
import { EngineError } from "../errors.js";
import type { Recogniser } from "./recogniser.js";
import { senseVoiceSegments, timeTokens } from "./sensevoice-tokens.js";

/** The languages SenseVoice-small transcribes. */
export const SENSEVOICE_LANGUAGES = ["zh", "en", "ja", "ko", "yue"] as const;

/** The longest window decoded at once (ms). */
export const SENSEVOICE_WINDOW_MS = 25_000;

const SAMPLE_RATE = 16_000;

/** The model file of a SenseVoice folder (int8 when present, as sherpa-onnx publishes both). */
export function senseVoiceFiles(folder: string): { model: string; tokens: string } | null {
  const tokens = join(folder, "tokens.txt");
  const model = ["model.int8.onnx", "model.onnx"]
    .map((name) => join(folder, name))
    .find((path) => existsSync(path));
  return model && existsSync(tokens) ? { model, tokens } : null;
}

/** sherpa-onnx's recogniser settings for a folder (numbers, not booleans: see above). */
export function senseVoiceConfig(folder: string, threads: number, language: string) {
  const files = senseVoiceFiles(folder);
  if (!files) {
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `${folder} is not a SenseVoice model folder: it needs model.int8.onnx (or model.onnx) and tokens.txt.`,
    );
  }
  return {
    featConfig: { sampleRate: SAMPLE_RATE, featureDim: 80 },
    modelConfig: {
      senseVoice: {
        model: files.model,
        language: SENSEVOICE_LANGUAGES.includes(language as never) ? language : "",
        useInverseTextNormalization: 1,
      },
      tokens: files.tokens,
      numThreads: threads,
      provider: "cpu",
      debug: 0,
    },
  };
}

/** "<|yue|>" → "yue". */
function languageOf(tag: string | undefined): string | undefined {
  const code = /^<\|([a-z]+)\|>$/.exec(tag ?? "")?.[1];
  return code && code !== "nospeech" ? code : undefined;
}

/**
 * Loads a SenseVoice folder (already probed) with `threads`; `language` is fixed at load time
 * as sherpa-onnx reads it from the config ("auto" detects among the five).
 */
export async function loadSenseVoiceModel(
  folder: string,
  options: { threads: number; language?: string },
): Promise<Recogniser> {
  const { OfflineRecognizer, version } = sherpaOnnx();
  const byLanguage = new Map<string, Promise<InstanceType<typeof OfflineRecognizer>>>();
  const recogniserFor = (language: string) => {
    let made = byLanguage.get(language);
    if (!made) {
      made = OfflineRecognizer.createAsync(senseVoiceConfig(folder, options.threads, language));
      byLanguage.set(language, made);
    }
    return made;
  };
  try {
    await recogniserFor(options.language ?? "auto");
  } catch (error) {
    throw new EngineError(
      "MODEL_INVALID",
      `sherpa-onnx could not load SenseVoice from ${folder}.`,
      {
        cause: error,
      },
    );
  }
  let aborted = false;
  return {
    family: "sensevoice",
    backend: `sherpa-onnx ${version}`,
    async transcribe(pcm, decode, onSegment, onProgress) {
      aborted = false;
      const recogniser = await recogniserFor(decode.language === "auto" ? "auto" : decode.language);
      const window = Math.round((SENSEVOICE_WINDOW_MS * SAMPLE_RATE) / 1000);
      const segments = [];
      for (let from = 0; from < pcm.length; from += window) {
        if (aborted) throw new EngineError("CANCELLED", "Cancelled.");
        const samples = pcm.subarray(from, Math.min(pcm.length, from + window));
        const stream = recogniser.createStream();
        stream.acceptWaveform({ samples, sampleRate: SAMPLE_RATE });
        const result = await recogniser.decodeAsync(stream);
        if (aborted) throw new EngineError("CANCELLED", "Cancelled.");
        const offsetMs = (from * 1000) / SAMPLE_RATE;
        const endMs = offsetMs + (samples.length * 1000) / SAMPLE_RATE;
        const detected = languageOf(result.lang);
        const language = decode.language === "auto" ? detected : decode.language;
        const pieces = timeTokens(
          result.tokens,
          result.timestamps.map((s) => Math.round(offsetMs + s * 1000)),
          Math.round(endMs),
        );
        for (const segment of senseVoiceSegments(pieces, language)) {
          const kept = decode.wordTimestamps
            ? segment
            : { ...segment, words: undefined, tokens: undefined };
          segments.push(kept);
          onSegment?.(kept);
        }
        onProgress?.(Math.min(1, (from + samples.length) / pcm.length));
      }
      return segments;
    },
    abort() {
      aborted = true;
    },
    async free() {
      byLanguage.clear();
    },
  };
}
