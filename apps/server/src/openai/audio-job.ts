import { DIARIZE_MODEL, type ResponseFormat } from "@verbatim/contract/api";
import { jobOptions } from "@verbatim/contract";
import type { KnownVoice } from "./known-speakers.js";
import { accountChineseScript } from "../uploads/upload-form.js";
import type { JobRequest } from "../uploads/job-request.js";
import type { User } from "../users/repo.js";

/** The fields of a /v1 audio request, each checked (AudioFields). */
export type AudioRequestFields = {
  model: string;
  language?: string;
  prompt?: string;
  response_format: ResponseFormat;
  temperature: number;
  "timestamp_granularities[]"?: ("word" | "segment")[];
  stream: boolean;
  chunking_strategy?: string;
  "include[]"?: "logprobs";
  callback_url?: string;
  fallback?: "whisper";
};

/**
 * The job a /v1 audio request asks for: the one place OpenAI's fields become job options. Word
 * timings are always on (`verbose_json` words and the cues need them); the diarizing model
 * finds its speakers by itself (auto), labelling the known voices given with the request.
 */
export function jobFromAudioRequest(
  fields: Pick<
    AudioRequestFields,
    "model" | "language" | "prompt" | "temperature" | "callback_url" | "fallback"
  >,
  task: "transcribe" | "translate",
  user: Pick<User, "locale">,
  knownVoices: readonly KnownVoice[] = [],
): JobRequest {
  const script = accountChineseScript(user);
  const prompt = fields.prompt?.trim();
  return {
    model: fields.model,
    options: jobOptions({
      language: fields.language ?? "auto",
      task,
      wordTimestamps: true,
      ...(script ? { chineseScript: script } : {}),
      ...(prompt ? { prompt } : {}),
      temperature: fields.temperature,
      speakers: fields.model === DIARIZE_MODEL ? { kind: "auto" } : { kind: "off" },
      ...(knownVoices.length > 0 ? { knownVoices: [...knownVoices] } : {}),
    }),
    callbackUrl: fields.callback_url,
    // Never silently worse: Cantonese runs on Whisper while SenseVoice is not ready only when
    // asked (else 503 CANTONESE_MODEL_NOT_READY, as on /api/transcribe).
    fallback: fields.fallback,
  };
}
