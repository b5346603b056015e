// Which language is spoken, before a job is routed to a model family: Whisper's language
// detection on the first speech (the first chunk, at most 30 s of it), through the same
// pipeline and warm engine process as a transcription, without transcribing it.
import { EngineError } from "./errors.js";
import { resolveModel } from "./models/resolve-model.js";
import {
  defaultModelsDir,
  transcribeFile,
  type TranscribeHooks,
  type TranscribeRequest,
} from "./transcribe-file.js";

/** What detection needs: the media, a Whisper model, and how to run it. */
export type DetectLanguageRequest = Pick<
  TranscribeRequest,
  | "input"
  | "model"
  | "modelsDir"
  | "threads"
  | "vad"
  | "gpu"
  | "maxDurationMs"
  | "enginePlacement"
  | "probed"
>;

/** The detected language, or null when the first speech gave none (e.g. no speech at all). */
export interface DetectedLanguage {
  language: string | null;
  /** Milliseconds the detection took (model load included). */
  tookMs: number;
}

/**
 * Detects the spoken language with a Whisper model: whisper.cpp's detection on the first 30 s
 * window of speech (one encoder pass and one decoder step); nothing is transcribed and the rest
 * of the media is not read.
 */
export async function detectSpokenLanguage(
  request: DetectLanguageRequest,
  hooks: Pick<TranscribeHooks, "signal" | "onEngineStart"> = {},
): Promise<DetectedLanguage> {
  const started = performance.now();
  const model = await resolveModel(request.model, request.modelsDir ?? defaultModelsDir());
  if (model.family !== "whisper") {
    throw new EngineError(
      "INVALID_OPTIONS",
      `Language detection runs on a Whisper model, not ${model.family}.`,
    );
  }
  const result = await transcribeFile(
    {
      ...request,
      language: "auto",
      task: "transcribe",
      wordTimestamps: false,
      beamSize: 1,
      temperatureFallback: false,
      detectLanguageOnly: true,
    },
    hooks,
  );
  return { language: result.language, tookMs: Math.round(performance.now() - started) };
}
