// --speakers and --voice of `verbatim transcribe`.
import { MAX_SPEAKERS, parseSpeakersOption } from "@verbatim/contract/speakers";
import { voiceEmbedding } from "../diarization/voice-embedding.js";
import { EngineError } from "../errors.js";
import type { DiarizeOptions } from "../transcribe-file.js";

/**
 * `off`, `auto`, `N` or `MIN-MAX` (the same rule as the API's `speakers` field) → the counts of
 * DiarizeOptions, or null for off.
 */
export function parseSpeakers(
  value: string,
): Pick<DiarizeOptions, "speakers" | "minSpeakers" | "maxSpeakers"> | null {
  const option = parseSpeakersOption(value);
  switch (option?.kind) {
    case "off":
      return null;
    case "auto":
      return {};
    case "exact":
      return { speakers: option.speakers };
    case "range":
      return { minSpeakers: option.minSpeakers, maxSpeakers: option.maxSpeakers };
    default:
      throw new EngineError(
        "INVALID_OPTIONS",
        `--speakers must be off, auto, a number (2) or a range (2-4), from 1 to ${MAX_SPEAKERS} (got "${value}").`,
      );
  }
}

/** `NAME=clip.wav` → name and clip path. */
export function parseVoice(value: string): { name: string; clip: string } {
  const at = value.indexOf("=");
  const name = at > 0 ? value.slice(0, at).trim() : "";
  const clip = at > 0 ? value.slice(at + 1).trim() : "";
  if (!name || !clip)
    throw new EngineError(
      "INVALID_OPTIONS",
      `--voice must be NAME=clip (a short recording of that person alone), got "${value}".`,
    );
  return { name, clip };
}

/**
 * The diarization options of a run, or undefined when neither flag was given. Voice clips are
 * embedded once, before the first file (only the embeddings are used, nothing is saved).
 */
export async function diarizeOptionsFor(
  speakers: string | undefined,
  voiceArgs: readonly string[],
  modelsDir: string,
  signal: AbortSignal,
): Promise<DiarizeOptions | undefined> {
  if (speakers === undefined && voiceArgs.length === 0) return undefined;
  const counts = parseSpeakers(speakers ?? "auto");
  if (counts === null) {
    if (voiceArgs.length > 0)
      throw new EngineError("INVALID_OPTIONS", "--voice names speakers: it needs --speakers on.");
    return undefined;
  }
  const parsed = voiceArgs.map(parseVoice);
  const names = parsed.map((voice) => voice.name.toLowerCase());
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined)
    throw new EngineError("INVALID_OPTIONS", `--voice names "${twice}" twice.`);
  const voices: { name: string; embedding: number[] }[] = [];
  for (const voice of parsed) {
    try {
      const { embedding } = await voiceEmbedding(voice.clip, { modelsDir, signal });
      voices.push({ name: voice.name, embedding });
    } catch (error) {
      if (error instanceof EngineError && error.code !== "DIARIZATION_MODEL_MISSING")
        throw new EngineError(error.code, `--voice ${voice.name}: ${error.message}`);
      throw error;
    }
  }
  return { ...counts, ...(voices.length > 0 ? { voices } : {}) };
}
