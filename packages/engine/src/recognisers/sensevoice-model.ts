// SenseVoice (zh, en, ja, ko, yue) through sherpa-onnx-node's OfflineRecognizer, in the engine
// process. Its sharp edges: a model missing a metadata key ends the whole process (_Exit), so a
// folder is checked first (sensevoice-probe.ts: its ONNX metadata); booleans in its config are
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

/** The language a recogniser is loaded for: one of the five, else "auto". */
function recogniserLanguage(language: string | undefined): string {
  return SENSEVOICE_LANGUAGES.includes(language as never) ? (language as string) : "auto";
}

/** "<|yue|>" → "yue". */
function languageOf(tag: string | undefined): string | undefined {
  const code = /^<\|([a-z]+)\|>$/.exec(tag ?? "")?.[1];
  return code && code !== "nospeech" ? code : undefined;
}

/**
 * Loads a SenseVoice folder (already probed) with `threads`, for `language` ("auto" detects
 * among the five). sherpa-onnx fixes the language when it loads the network, and each load is
 * a whole copy of it (about 1.5 GB for the float32 file): one is kept, for the language of the
 * last job, and a job in another language loads it again instead of keeping a copy for each.
 */
export async function loadSenseVoiceModel(
  folder: string,
  options: { threads: number; language?: string },
): Promise<Recogniser> {
  const { OfflineRecognizer, version } = sherpaOnnx();
  type Loaded = InstanceType<typeof OfflineRecognizer>;
  let kept: { language: string; recogniser: Promise<Loaded> } | undefined;
  const recogniserFor = async (language: string): Promise<Loaded> => {
    if (kept?.language !== language) {
      kept = {
        language,
        recogniser: OfflineRecognizer.createAsync(
          senseVoiceConfig(folder, options.threads, language),
        ),
      };
    }
    const loading = kept;
    try {
      return await loading.recogniser;
    } catch (error) {
      if (kept === loading) kept = undefined;
      throw new EngineError(
        "MODEL_INVALID",
        `sherpa-onnx could not load SenseVoice from ${folder}.`,
        {
          cause: error,
        },
      );
    }
  };
  await recogniserFor(recogniserLanguage(options.language));
  let aborted = false;
  return {
    family: "sensevoice",
    backend: `sherpa-onnx ${version}`,
    async transcribe(pcm, decode, onSegment, onProgress) {
      aborted = false;
      const recogniser = await recogniserFor(recogniserLanguage(decode.language));
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
      kept = undefined;
    },
  };
}
