import { parseSpeakersOption, SPEAKERS_OPTION_RULE, type SpeakersOption } from "@verbatim/contract";
import { findDiarizationModels, isEngineError, type DiarizeOptions } from "@verbatim/engine";
import { withoutServerPaths } from "../models/client-text.js";
import { fail } from "../http/app-error.js";

/** The `speakers` field of an upload, or 400 INVALID_SPEAKERS saying what it may be. */
export function requireSpeakersOption(value: unknown): SpeakersOption {
  // JSON bodies (the chunked upload's combine) may send a number of speakers as a number.
  const text = typeof value === "number" ? String(value) : value;
  const option = text === undefined || typeof text === "string" ? parseSpeakersOption(text) : null;
  if (!option) {
    fail("INVALID_SPEAKERS", {
      param: "speakers",
      ...(typeof text === "string" ? { value: text.slice(0, 40) } : {}),
      rule: SPEAKERS_OPTION_RULE,
    });
  }
  return option;
}

/** What the engine is asked for by a job's speakers option; undefined when diarization is off. */
export function diarizeRequest(
  option: SpeakersOption,
  voices: DiarizeOptions["voices"],
): DiarizeOptions | undefined {
  if (option.kind === "off") return undefined;
  const known = voices && voices.length > 0 ? { voices } : {};
  switch (option.kind) {
    case "auto":
      return { ...known };
    case "exact":
      return { speakers: option.speakers, ...known };
    case "range":
      return { minSpeakers: option.minSpeakers, maxSpeakers: option.maxSpeakers, ...known };
  }
}

/**
 * 503 DIARIZATION_MODEL_MISSING when a diarization model is not in the models folder (the
 * engine's check, which names the missing files): said before the upload is kept or any
 * minute reserved. (A model removed after this check fails the job with the same code, its
 * reservation released.)
 */
export async function requireDiarizationModels(modelsDir: string): Promise<void> {
  await findDiarizationModels(modelsDir).catch((error: unknown) => {
    if (!isEngineError(error) || error.code !== "DIARIZATION_MODEL_MISSING") throw error;
    fail("DIARIZATION_MODEL_MISSING", { hint: withoutServerPaths(error.message, { modelsDir }) });
  });
}
