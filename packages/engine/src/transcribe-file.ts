import { availableParallelism } from "node:os";
import { MAX_PROMPT_CHARS } from "@verbatim/contract/limits";
import { isSupportedLanguage } from "@verbatim/contract/whisper-languages";
import type { Cue, Speaker } from "@verbatim/subtitles";
import { buildCues, type CueOptions } from "./cues/index.js";
import type { DiarizationJob } from "./diarization/diarize-speech.js";
import { findDiarizationModels } from "./diarization/model-files.js";
import { speakerCount } from "./diarization/speaker-count.js";
import { EngineError } from "./errors.js";
import type { MediaInfo } from "./media/probe.js";
import { probedMediaOf, type ProbedMedia } from "./media/probed-media.js";
import { resolveModel } from "./models/resolve-model.js";
import { familySupports, modelsSupporting } from "./models/recogniser-registry.js";
import type { RecogniserFamily } from "./recognisers/recogniser.js";
import { chunkingFor, type ChunkingOptions } from "./pipeline/chunker.js";
import { runEngineProcess, type EnginePlacement } from "./pipeline/engine-runner.js";
import type { PipelineOptions, PipelineOutput, Segment } from "./pipeline/pipeline-types.js";
import { CHINESE_SCRIPTS, type ChineseScript } from "./text/chinese-script.js";
import { nativeBuildInfo } from "./whisper/native-binding.js";

/** One transcription: the media, the model, and how to decode and segment. */
export interface TranscribeRequest {
  /** Path of the media file. */
  input: string;
  /** A registry name (e.g. "base") or a path to a GGML file. */
  model: string;
  /** Where named models live (default ./models or MODELS_DIR). */
  modelsDir?: string;
  /** "auto" (default) or an ISO 639-1 code. */
  language?: string;
  task?: "transcribe" | "translate";
  /** Word-level timings (default on); cues are built from them. */
  wordTimestamps?: boolean;
  /** Decoder threads (default: all cores). */
  threads?: number;
  /** 1 = greedy; 2 to 8 = beam search (default 5, as whisper.cpp's CLI). */
  beamSize?: number;
  /** Re-decode unreliable windows at higher temperatures (default on, as whisper does). */
  temperatureFallback?: boolean;
  /** Initial prompt: vocabulary and style for the decoder (whisper.cpp initial_prompt). */
  prompt?: string;
  /** Starting decoder temperature (default 0). With temperatureFallback on, raised on failure. */
  temperature?: number;
  /** Voice activity detection (default on). */
  vad?: boolean;
  gpu?: boolean;
  /** Convert Chinese output to this script. */
  chineseScript?: ChineseScript;
  cues?: Partial<CueOptions>;
  chunking?: Partial<ChunkingOptions>;
  /**
   * Never transcribe past this much media (ms), whatever the header says: a paid job passes
   * what was reserved for it. Longer audio fails with INPUT_LONGER_THAN_DECLARED.
   */
  maxDurationMs?: number;
  /** Label who speaks when (speaker diarization); off when absent. */
  diarize?: DiarizeOptions;
  /**
   * Where whisper runs: "child-process" (default; a crash cannot take the caller down, and a
   * cancel that does not stop in time kills it) or "in-process" (the CLI: no second process).
   */
  enginePlacement?: EnginePlacement;
  /**
   * What probing the input found where it was taken in (the server's intake): used instead of
   * probing again while the file is still the one probed (size, modification time, inode).
   */
  probed?: ProbedMedia;
  /**
   * Only detect the language of the first chunk that holds speech (at most 30 s) and transcribe
   * nothing (detectSpokenLanguage); the rest of the media is not decoded.
   */
  detectLanguageOnly?: boolean;
}

/** How many speakers to look for, and saved voices to recognise by name. */
export interface DiarizeOptions {
  /** The exact number of speakers, when known; otherwise found between min and max. */
  speakers?: number;
  minSpeakers?: number;
  maxSpeakers?: number;
  /** The user's saved voices: a speaker whose voice matches one closely enough takes its name. */
  voices?: { name: string; embedding: number[] }[];
}

/** A speaker of a finished transcription, with how long they spoke. */
export interface TranscribedSpeaker extends Speaker {
  speechMs: number;
}

/** Progress of a running transcription. */
export interface TranscriptionProgress {
  /** Diarization (speaker labels), when asked for, runs after transcribing. */
  stage: "loading" | "transcribing" | "diarizing";
  /** 0..1 of the media done. */
  fraction: number;
  processedMs: number;
  durationMs: number;
  /** Estimated time left, once there is enough to go on. */
  etaMs: number | null;
}

/** The finished result. */
export interface Transcription {
  media: MediaInfo;
  modelPath: string;
  /** The recogniser family that ran. */
  family: RecogniserFamily;
  language: string | null;
  /** Real duration, measured by decoding. */
  durationMs: number;
  speechMs: number;
  segments: Segment[];
  cues: Cue[];
  /** Present when diarization ran: segments, words and cues carry these speakers' ids. */
  speakers?: TranscribedSpeaker[];
  warnings: string[];
  timings: { totalMs: number; modelLoadMs: number; transcribeMs: number; diarizeMs?: number };
}

/** Hooks for a caller that follows a transcription. */
export interface TranscribeHooks {
  onProgress?(progress: TranscriptionProgress): void;
  onSegment?(segment: Segment): void;
  /** Called with the engine process id once it runs (for supervision and tests). */
  onEngineStart?(pid: number): void;
  /**
   * Called once the engine process is done with this job: after a cancel, when whisper.cpp has
   * stopped (`killed` when it did not within a second and the process was killed instead).
   */
  onEngineIdle?(info: { killed: boolean }): void;
  signal?: AbortSignal;
}

/** Beam search widths whisper.cpp runs (1 = greedy). */
export const MIN_BEAM = 1;
export const MAX_BEAM = 8;
/** Longest initial prompt (one limit for every caller: the contract's). */
export { MAX_PROMPT_CHARS };

/** Default models folder: MODELS_DIR, else ./models. */
export function defaultModelsDir(): string {
  return process.env.MODELS_DIR ?? "models";
}

/**
 * Transcribes a media file into segments and readable cues. The speech model runs in a child
 * process unless asked otherwise: if it crashes this rejects with ENGINE_FAILED.
 */
export async function transcribeFile(
  request: TranscribeRequest,
  hooks: TranscribeHooks = {},
): Promise<Transcription> {
  const started = performance.now();
  const options = pipelineOptions(request, hooks.onSegment !== undefined);
  const modelsDir = request.modelsDir ?? defaultModelsDir();
  const model = await resolveModel(request.model, modelsDir);
  if (!familySupports(model.family, options.language, model.recogniserEntry ?? undefined)) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `The model ${model.name ?? model.path} does not transcribe "${options.language}". ` +
        `Models that do: ${modelsSupporting(options.language).join(", ")}.`,
      {
        details: {
          language: options.language,
          models: modelsSupporting(options.language).join(","),
        },
      },
    );
  }
  const diarize = request.diarize
    ? await diarizationJob(request.diarize, modelsDir, options.threads)
    : undefined;
  const media = await probedMediaOf(request.input, request.probed, hooks.signal);
  const output = await runEngineProcess(
    {
      type: "start",
      input: request.input,
      modelPath: model.path,
      family: model.family,
      options: { ...options, expectedDurationMs: media.durationMs },
      ...(diarize ? { diarize } : {}),
    },
    media.durationMs,
    hooks,
    request.enginePlacement,
  );
  // The style preset (standard unless `cues.style` says) sets every limit not given here.
  const cues = buildCues(output.segments, { ...request.cues, language: output.language });
  return {
    media,
    modelPath: model.path,
    family: model.family,
    language: output.language,
    durationMs: output.durationMs,
    speechMs: output.speechMs,
    segments: output.segments,
    cues,
    ...(output.speakers ? { speakers: output.speakers } : {}),
    warnings: warningsFor(media, output),
    timings: { totalMs: Math.round(performance.now() - started), ...output.timings },
  };
}

/** Checks the diarization options and finds its models before any work starts. */
async function diarizationJob(
  options: DiarizeOptions,
  modelsDir: string,
  threads: number,
): Promise<DiarizationJob> {
  const count = speakerCount(options);
  const voices = options.voices ?? [];
  for (const voice of voices) {
    if (
      typeof voice.name !== "string" ||
      !Array.isArray(voice.embedding) ||
      voice.embedding.length === 0 ||
      !voice.embedding.every(Number.isFinite)
    )
      throw new EngineError("INVALID_OPTIONS", "Each saved voice needs a name and an embedding.");
  }
  const models = await findDiarizationModels(modelsDir);
  return { models, count, voices, threads };
}

function pipelineOptions(request: TranscribeRequest, firstTextWatched: boolean): PipelineOptions {
  const language = request.language ?? "auto";
  if (!isSupportedLanguage(language)) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `Unknown language "${language}": use "auto" or a code such as en, zh, de.`,
    );
  }
  if (request.chineseScript && !CHINESE_SCRIPTS.includes(request.chineseScript)) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `Chinese script must be one of ${CHINESE_SCRIPTS.join(", ")}.`,
    );
  }
  const threads = request.threads ?? availableParallelism();
  const beamSize = request.beamSize ?? 5;
  if (!Number.isInteger(threads) || threads < 1) {
    throw new EngineError("INVALID_OPTIONS", "Threads must be a whole number of at least 1.");
  }
  if (!Number.isInteger(beamSize) || beamSize < MIN_BEAM || beamSize > MAX_BEAM) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `Beam size must be a whole number from ${MIN_BEAM} to ${MAX_BEAM} (1 is greedy decoding).`,
    );
  }
  const temperature = request.temperature ?? 0;
  if (typeof temperature !== "number" || !(temperature >= 0 && temperature <= 1)) {
    throw new EngineError("INVALID_OPTIONS", "Temperature must be a number from 0 to 1.");
  }
  const prompt = request.prompt?.trim();
  if (prompt && prompt.length > MAX_PROMPT_CHARS) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `The prompt must be at most ${MAX_PROMPT_CHARS} characters (whisper reads about 220 tokens).`,
    );
  }
  return {
    language,
    task: request.task ?? "transcribe",
    wordTimestamps: request.wordTimestamps ?? true,
    threads,
    beamSize,
    temperatureFallback: request.temperatureFallback ?? true,
    temperature,
    ...(prompt ? { prompt } : {}),
    vad: request.vad ?? true,
    // A CUDA or Vulkan build uses its GPU unless told not to (whisper.cpp falls back to the CPU).
    gpu: request.gpu ?? (nativeBuildInfo()?.gpu ?? "cpu") !== "cpu",
    chunking: chunkingFor({
      shortFirstChunk: firstTextWatched || request.detectLanguageOnly === true,
      ...(request.chunking ? { given: request.chunking } : {}),
    }),
    ...(request.chineseScript ? { chineseScript: request.chineseScript } : {}),
    ...(request.maxDurationMs !== undefined ? { maxDurationMs: request.maxDurationMs } : {}),
    ...(request.detectLanguageOnly ? { detectLanguageOnly: true } : {}),
  };
}

function warningsFor(media: MediaInfo, output: PipelineOutput): string[] {
  const warnings: string[] = [];
  if (output.durationMs < media.durationMs * 0.9 - 1000) {
    warnings.push(
      `The file seems truncated: its header says ${seconds(media.durationMs)} but only ${seconds(output.durationMs)} of audio could be decoded.`,
    );
  }
  if (output.segments.length === 0) warnings.push("No speech was found in the file.");
  return warnings;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
