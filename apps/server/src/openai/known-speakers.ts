import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MAX_KNOWN_SPEAKERS } from "@verbatim/contract/api";
import { isEngineError, voiceEmbedding } from "@verbatim/engine";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import { probeUpload } from "../uploads/probe-upload.js";
import { withoutServerPaths } from "../models/client-text.js";
import { OpenAIError } from "./errors.js";

/** OpenAI's bounds on a known speaker's reference clip. */
const MIN_REFERENCE_MS = 2_000;
const MAX_REFERENCE_MS = 10_000;
/** Leeway for a container's rounding of a clip cut to exactly 2 or 10 seconds. */
const LENIENCY_MS = 250;

const NAMES = "known_speaker_names[]";
const REFERENCES = "known_speaker_references[]";
const DATA_URL = /^data:([a-z]+\/[-+.\w]+)?((?:;[-\w]+=[-\w.]+)*);base64,([A-Za-z0-9+/=\s]+)$/i;

/** A known speaker: the name to label them with and their voice's embedding. */
export interface KnownVoice {
  name: string;
  embedding: number[];
}

/**
 * `known_speaker_names[]` with `known_speaker_references[]`, as OpenAI takes them: as many
 * names as clips, at most four, each clip a base64 data URL of 2 to 10 seconds of audio.
 * Each clip is checked by ffmpeg like an upload, its voice embedded, and the audio deleted.
 */
export async function knownVoices(
  ctx: TranscriptionContext,
  names: readonly string[],
  references: readonly string[],
  signal: AbortSignal,
): Promise<KnownVoice[]> {
  if (names.length !== references.length) {
    throw invalid(
      `${NAMES} and ${REFERENCES} must have the same number of entries (got ${names.length} and ${references.length}).`,
      names.length < references.length ? NAMES : REFERENCES,
    );
  }
  if (names.length > MAX_KNOWN_SPEAKERS) {
    throw invalid(`At most ${MAX_KNOWN_SPEAKERS} known speakers are supported.`, NAMES);
  }
  const seen = new Set<string>();
  for (const name of names) {
    const trimmed = name.trim();
    if (trimmed === "" || trimmed.length > 100 || /[\p{Cc}]/u.test(trimmed)) {
      throw invalid("Each known speaker name must be 1 to 100 characters on one line.", NAMES);
    }
    if (seen.has(trimmed)) throw invalid(`The known speaker name "${trimmed}" is repeated.`, NAMES);
    seen.add(trimmed);
  }
  const voices: KnownVoice[] = [];
  for (const [i, reference] of references.entries()) {
    const name = (names[i] ?? "").trim();
    voices.push({ name, embedding: await embedReference(ctx, reference, i, signal) });
  }
  return voices;
}

async function embedReference(
  ctx: TranscriptionContext,
  reference: string,
  i: number,
  signal: AbortSignal,
): Promise<number[]> {
  const param = `${REFERENCES}[${i}]`;
  const match = DATA_URL.exec(reference.trim());
  if (!match?.[3]) {
    throw invalid(
      `${param} must be a base64 data URL of an audio clip, such as data:audio/wav;base64,UklGR…`,
      REFERENCES,
    );
  }
  const bytes = Buffer.from(match[3].replace(/\s+/g, ""), "base64");
  if (bytes.length === 0) throw invalid(`${param} holds no audio.`, REFERENCES);
  await mkdir(ctx.config.uploadDir, { recursive: true });
  const path = join(ctx.config.uploadDir, `${randomUUID()}.reference`);
  try {
    await writeFile(path, bytes);
    const media = await probeUpload(path).catch((error: unknown) => {
      throw invalid(
        `${param} is not audio ffmpeg can read (${(error as Error).message})`,
        REFERENCES,
      );
    });
    if (
      media.durationMs < MIN_REFERENCE_MS - LENIENCY_MS ||
      media.durationMs > MAX_REFERENCE_MS + LENIENCY_MS
    ) {
      throw invalid(
        `${param} is ${(media.durationMs / 1000).toFixed(1)} seconds long; each known speaker reference must be between 2 and 10 seconds.`,
        REFERENCES,
      );
    }
    const { embedding } = await voiceEmbedding(path, {
      modelsDir: ctx.config.modelsDir,
      signal,
    }).catch((error: unknown) => {
      if (isEngineError(error)) {
        const code: string = error.code;
        if (code === "NO_SPEECH") throw invalid(`${param} has no speech in it.`, REFERENCES);
        if (code === "DIARIZATION_MODEL_MISSING") {
          throw new OpenAIError(
            503,
            "server_error",
            `Speaker diarization is not available: the speaker models are not installed on this server (${withoutServerPaths(error.message, ctx.config)}).`,
            "model",
            "diarization_model_missing",
            false,
          );
        }
      }
      throw error;
    });
    return embedding;
  } finally {
    await rm(path, { force: true });
  }
}

function invalid(message: string, param: string): OpenAIError {
  return new OpenAIError(400, "invalid_request_error", message, param, "invalid_value");
}
