// A job left on "auto" (the default language) on a plain choice (Fast, Accurate) is routed once
// its language is known: Whisper detects it on the first speech, then Cantonese goes to
// SenseVoice, English and European languages on Fast to Parakeet, the rest stays on Whisper.
import { detectSpokenLanguage, type DetectLanguageRequest } from "@verbatim/engine";
import type { ModelFamily } from "@verbatim/contract";
import type { ModelCatalog } from "../models/model-catalog.js";
import type { JobOptions } from "./job-row.js";

/** Detects the spoken language of a job's media (the real one: Whisper's, on the first speech). */
export type LanguageDetector = (
  request: DetectLanguageRequest,
  signal: AbortSignal,
) => Promise<string | null>;

export const whisperLanguageDetector: LanguageDetector = async (request, signal) =>
  (await detectSpokenLanguage(request, { signal })).language;

/** The model an "auto" job runs once its language is detected. */
export interface AutoRoute {
  engineModel: string;
  family: ModelFamily;
  /** The language the recogniser is told: the detection, or "auto" for Whisper (per chunk). */
  language: string;
  /** What detection found (null: nothing, e.g. no speech in the first chunk). */
  detected: string | null;
}

/** What of a job decides whether it is routed by its language. */
export interface AutoRouteJob {
  /** The name the client chose: "whisper-1" (Fast), "gpt-4o-transcribe" (Accurate), or a model's. */
  model: string;
  engineModel: string;
  family: ModelFamily | null;
  options: Pick<JobOptions, "language" | "task" | "bilingual" | "subtitles">;
}

/**
 * Whether a job is routed by its detected language: "auto", a plain transcription (Parakeet
 * and SenseVoice do not translate; bilingual subtitles are Whisper's two passes; imported
 * subtitles keep their own path), a plain choice that intake sent to Whisper, and a routing
 * table in which the language could change the family.
 */
async function routable(job: AutoRouteJob, catalog: ModelCatalog): Promise<boolean> {
  const { options } = job;
  if (options.language !== "auto" || options.task !== "transcribe") return false;
  if (options.bilingual || options.subtitles) return false;
  if (job.family !== null && job.family !== "whisper") return false;
  return catalog.routesByLanguage(job.model);
}

/**
 * Detects the language of an "auto" job with its Whisper model and routes it as if the user had
 * chosen that language. Null when the job is not routed by language (it runs as it was queued).
 */
export async function routeByDetectedLanguage(
  job: AutoRouteJob,
  catalog: ModelCatalog,
  detect: LanguageDetector,
  request: Omit<DetectLanguageRequest, "model">,
  signal: AbortSignal,
): Promise<AutoRoute | null> {
  if (!(await routable(job, catalog))) return null;
  const detected = await detect({ ...request, model: job.engineModel }, signal);
  const unchanged = {
    engineModel: job.engineModel,
    family: job.family ?? "whisper",
    language: "auto",
    detected,
  };
  if (detected === null) return unchanged;
  const routed = await catalog.routeDetected(job.model, detected);
  // Another Whisper model is never swapped in: the one intake chose runs, deciding per chunk.
  if (!routed || routed.family === "whisper") return unchanged;
  return {
    engineModel: routed.engineModel,
    family: routed.family,
    language: routed.language,
    detected,
  };
}
