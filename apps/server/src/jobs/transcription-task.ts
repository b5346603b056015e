import { rm } from "node:fs/promises";
import { basename, join } from "node:path";
import {
  isEngineError,
  LISTENING_COPY_TYPE,
  transcribeFile,
  writeListeningCopy,
  type DiarizeOptions,
  type TranscribeRequest,
} from "@verbatim/engine";
import { withTranslations, type Cue } from "@verbatim/subtitles";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { completeJob, type JobResult } from "./lifecycle/settlement.js";
import { failJob, handBackJob } from "./lifecycle/state-machine.js";
import type { JobHolder } from "./lifecycle/transition.js";
import { findTranscription } from "./job-reads.js";
import {
  isFinal,
  rowOptions,
  rowProbe,
  type JobOptions,
  type TranscriptionRow,
} from "./job-row.js";
import { jobResult, type ProducedResult } from "./imported-subtitles.js";
import { jobGapMs } from "./cue-gap.js";
import { shotChangesOf, snappedToShots } from "./shot-changes.js";
import { followRun, type RunProgress } from "./run-progress.js";
import { listeningCopyPath, retentionEnds } from "../transcriptions/listening-copy.js";
import { diarizeRequest } from "../transcriptions/speakers-option.js";
import { voicesForDiarization } from "../voices/repo.js";
import { withoutServerPaths } from "../models/client-text.js";
import { AppError } from "../http/app-error.js";
import type { JobEventBus } from "./job-events.js";
import { ModelCatalog } from "../models/model-catalog.js";
import {
  routeByDetectedLanguage,
  whisperLanguageDetector,
  type AutoRoute,
  type LanguageDetector,
} from "./auto-language-route.js";
import { isTransientError } from "./transient-errors.js";
import type { LocalCopy } from "../storage/file-store.js";
import { fileStoreOf, removeStored, storeOfLocation } from "../storage/stored-files.js";
import type { StopReason } from "./job-queue.js";

/** What running a job needs. */
export interface TaskContext {
  db: Db;
  config: Config;
  events: JobEventBus;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Detects an "auto" job's language before routing (default: Whisper's, on the first speech). */
  detectLanguage?: LanguageDetector;
  /** Runs after a job completed and was settled ("translate when done"); its failure is logged. */
  afterCompleted?: (jobId: string) => Promise<void>;
}

/** How a run ended; `measured` (media and processing time) when it completed. */
export type JobOutcome =
  | { kind: "completed"; mediaMs: number; tookMs: number }
  | { kind: "failed" | "cancelled" | "handed-back" };

/**
 * Runs one claimed job through the engine and settles it: completed with its cues and a charge
 * of the real duration, or failed with its reservation released. A shutdown hands it back to
 * the queue. The uploaded media is deleted whenever the job ends, whatever the outcome.
 * A transient failure (database or Redis restarting) is thrown, the job left as it was, for
 * the queue to retry after a pause.
 */
export async function runTranscriptionJob(
  context: TaskContext,
  job: TranscriptionRow,
  controller: AbortController,
): Promise<JobOutcome> {
  const { config, events } = context;
  const started = Date.now();
  const holder = { workerId: job.worker_id };
  const progress = followRun(context, job, controller, holder);
  events.publish(job.id, { type: "processing", percent: 0, secondsLeft: null });
  let keepMedia = false;
  /** Set once the engine's work is done: a failure from here on is the settlement's. */
  let settling = false;
  /** The media on the local disk (a bucket's file fetched to the scratch folder). */
  let media: LocalCopy | undefined;
  try {
    media = await storeOfLocation(job.media_path ?? "").localCopy(
      job.media_path ?? "",
      join(config.uploadDir, "scratch"),
    );
    const prepared = await prepareRun(context, job, media.path, controller.signal);
    const result = await runEngine(prepared, job, controller.signal, progress);
    await progress.allAnnounced(); // every segment is out before the job's end is
    const { cues, shots } = await cuesOnShots(context, job, prepared.options, result, controller);
    const audio = await keepListeningCopy(context, job, media.path, result.durationMs, controller);
    settling = true;
    const settled = await settleRun(
      context,
      job,
      {
        cues,
        segments: result.segments,
        speakers: result.speakers,
        language: result.language,
        durationMs: result.durationMs,
        family: result.family,
        ...(prepared.routed ? { engineModel: prepared.routed.engineModel } : {}),
        ...(shots ? { shotChanges: shots } : {}),
        audio,
      },
      { started, holder },
    );
    keepMedia = settled.keepMedia;
    return settled.outcome;
  } catch (error) {
    const ended = await endAfterError(context, job, error, { settling, holder, controller });
    keepMedia = ended.keepMedia;
    if ("rethrow" in ended) throw ended.rethrow;
    return ended.outcome;
  } finally {
    progress.stop();
    await media?.release();
    if (!keepMedia) await removeStored(job.media_path);
  }
}

/** What a run is set to do before the engine starts (prepareRun). */
interface PreparedRun {
  options: JobOptions;
  /** The engine's request for the first (or only) pass. */
  request: TranscribeRequest;
  /** Who speaks, when the job asks for speakers. */
  diarize: DiarizeOptions | undefined;
  /** The model an "auto" job was routed to by its detected language; null when not routed. */
  routed: AutoRoute | null;
}

/** Step 1, prepare: options, probe, speakers' voices, the language's route, the engine request. */
async function prepareRun(
  context: TaskContext,
  job: TranscriptionRow,
  input: string,
  signal: AbortSignal,
): Promise<PreparedRun> {
  const { db, config, log } = context;
  // Parsed, not cast: options that break the schema fail the job (logged), minutes released.
  const options = rowOptions(job);
  // Probed once, at intake: the detection, the transcription and a translation pass use it
  // while the file is the one probed (the engine checks).
  const probed = rowProbe(job);
  // The user's saved voices, read when the job runs: one saved or deleted meanwhile counts.
  const diarize =
    options.speakers.kind === "off"
      ? undefined
      : diarizeRequest(options.speakers, [
          ...(options.knownVoices ?? []),
          ...(await voicesForDiarization(db, job.user_id)),
        ]);
  // "auto" on Fast or Accurate: the language is detected first and the job routed by it
  // (Cantonese to SenseVoice, Parakeet's languages on Fast to Parakeet, the rest to Whisper).
  const routed = await routeByDetectedLanguage(
    {
      model: job.model,
      engineModel: job.engine_model,
      family: job.model_family,
      options,
    },
    new ModelCatalog(config),
    context.detectLanguage ?? whisperLanguageDetector,
    {
      input,
      modelsDir: config.modelsDir,
      threads: config.workers.threads,
      maxDurationMs: reservedMs(job),
      ...(probed ? { probed } : {}),
    },
    signal,
  );
  if (routed) {
    log.info(
      { jobId: job.id, detected: routed.detected, family: routed.family },
      "language detected, job routed",
    );
  }
  const request: TranscribeRequest = {
    input,
    model: routed?.engineModel ?? job.engine_model,
    modelsDir: config.modelsDir,
    language: routed?.language ?? options.language,
    task: options.task,
    wordTimestamps: options.wordTimestamps,
    threads: config.workers.threads,
    beamSize: config.workers.beamSize,
    temperatureFallback: config.workers.temperatureFallback,
    ...(options.prompt ? { prompt: options.prompt } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.chineseScript ? { chineseScript: options.chineseScript } : {}),
    maxDurationMs: reservedMs(job),
    ...(probed ? { probed } : {}),
    // Bilingual cues hold one line of the original, so that each language gets its own line.
    cues: {
      ...(options.style ? { style: options.style } : {}),
      ...(options.bilingual ? { maxLines: 1 } : {}),
      minGapMs: jobGapMs(job, options.style),
    },
  };
  return { options, request, diarize, routed };
}

/** Step 2, run the engine: the transcription (or an import's cues), a bilingual job's 2nd pass. */
async function runEngine(
  { options, request, diarize }: PreparedRun,
  job: TranscriptionRow,
  signal: AbortSignal,
  progress: RunProgress,
): Promise<ProducedResult> {
  // Bilingual subtitles are two passes: the first half of the progress, then the second.
  const passes = options.bilingual ? 2 : 1;
  const result = await jobResult(job, options, () =>
    transcribeFile(diarize ? { ...request, diarize } : request, {
      signal,
      onProgress: (p) => progress.onProgress({ ...p, fraction: p.fraction / passes }),
      onSegment: (segment) =>
        progress.announce({ start: segment.start, end: segment.end, text: segment.text.trim() }),
    }),
  );
  if (options.bilingual) {
    // The translation pass finds no speakers: the cues it lands on have theirs.
    const english = await transcribeFile(
      { ...request, task: "translate", language: result.language ?? request.language ?? "auto" },
      {
        signal,
        onProgress: (p) => progress.onProgress({ ...p, fraction: 0.5 + p.fraction / 2 }),
      },
    );
    result.cues = withTranslations(result.cues, english.cues);
  }
  return result;
}

/** Step 3, build the cues: a video's shot changes, and the cues' edges moved to them. */
async function cuesOnShots(
  { log }: Pick<TaskContext, "log">,
  job: TranscriptionRow,
  options: JobOptions,
  result: Pick<ProducedResult, "cues">,
  controller: AbortController,
): Promise<{ cues: Cue[]; shots: number[] | null }> {
  // Shot changes in a video: found on this worker (ffmpeg in its own process), kept with the
  // job, and the cues' edges moved to them by the guides' rules (not an import's kept timings).
  const shots = await shotChangesOf(job, controller.signal, log);
  if (shots && !(options.subtitles && !options.subtitles.retime)) {
    return { cues: snappedToShots(result.cues, shots, job, options.style), shots };
  }
  return { cues: result.cues, shots };
}

/** Step 4, the audio copy: a small one for the editor's player, kept; null when none was made. */
async function keepListeningCopy(
  { db, config, log, now }: Pick<TaskContext, "db" | "config" | "log" | "now">,
  job: TranscriptionRow,
  input: string,
  durationMs: number,
  controller: AbortController,
): Promise<JobResult["audio"]> {
  // A small audio copy for the editor's player, kept for the plan's stated time (the upload
  // itself goes below). Without one the editor still works, playing the user's own file.
  const audioPath = listeningCopyPath(config.uploadDir, job.id);
  return writeListeningCopy(input, audioPath, {
    signal: controller.signal,
    maxMs: durationMs,
  }).then(
    async () => ({
      // Kept in the file store (a bucket: uploaded, the local file deleted).
      path: await fileStoreOf(config).keep(
        {
          owner: job.payer_id ?? job.user_id,
          name: basename(audioPath),
          contentType: LISTENING_COPY_TYPE,
        },
        audioPath,
      ),
      expires: await retentionEnds(db, job.payer_id ?? job.user_id, now()),
    }),
    async (error: unknown) => {
      if (controller.signal.aborted) throw error;
      log.warn({ err: error, jobId: job.id }, "no audio copy for the editor");
      await rm(audioPath, { force: true });
      return null;
    },
  );
}

/** How a run ended, and whether its uploaded media is still needed (the job waits or runs on). */
interface RunEnd {
  outcome: JobOutcome;
  keepMedia: boolean;
}

/** Step 5, settle and after-hooks: completed and charged, the upload deleted, followers told. */
async function settleRun(
  context: TaskContext,
  job: TranscriptionRow,
  result: JobResult,
  { started, holder }: { started: number; holder: JobHolder },
): Promise<RunEnd> {
  const { db, events, log, now } = context;
  const completed = await completeJob(db, job, result, now, holder);
  if (!completed) {
    // Cancelled at the last moment (the cancel released it), or taken over by another worker.
    if (result.audio) await removeStored(result.audio.path);
    return { outcome: { kind: "cancelled" }, keepMedia: await isStillActive(db, job.id) };
  }
  // The upload is done with: gone before anyone following the job hears that it ended.
  await removeStored(job.media_path);
  events.publish(job.id, {
    type: "completed",
    id: job.id,
    duration: result.durationMs / 1000,
    language: result.language,
  });
  log.info(
    { jobId: job.id, mediaMs: result.durationMs, tookMs: Date.now() - started },
    "transcription completed",
  );
  await context.afterCompleted?.(job.id).catch((error: unknown) => {
    log.error({ err: error, jobId: job.id }, "after the transcription completed");
  });
  return {
    outcome: { kind: "completed", mediaMs: result.durationMs, tookMs: Date.now() - started },
    keepMedia: false,
  };
}

/**
 * Step 6, a run that threw: handed back at shutdown, left to a cancel, thrown again (with the
 * media kept) when the settlement or the database failed, else failed with its code. `rethrow`:
 * the error runTranscriptionJob throws, for the queue to run the job again.
 */
async function endAfterError(
  context: TaskContext,
  job: TranscriptionRow,
  error: unknown,
  {
    settling,
    holder,
    controller,
  }: { settling: boolean; holder: JobHolder; controller: AbortController },
): Promise<RunEnd | { keepMedia: true; rethrow: unknown }> {
  const { db, config, log, now } = context;
  const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
  if (reason === "shutdown") {
    return {
      outcome: { kind: "handed-back" },
      keepMedia: await handBackJob(db, job, now(), holder),
    };
  }
  if (reason === "cancel") {
    // Cancelled (the cancel settled it and told followers), or taken over by another worker.
    return { outcome: { kind: "cancelled" }, keepMedia: await isStillActive(db, job.id) };
  }
  if (settling || isTransientError(error)) {
    // The database is away (or its disk full) even after the settlement's own retries: the job
    // stays as it was, for the queue (or the stalled-job sweep) to run and settle it again
    // once it is back; a job marked but not settled is settled by settleUnsettledJobs. A
    // finished transcription is never failed for a settlement that could not be written.
    return { keepMedia: true, rethrow: error };
  }
  // A job's own refusal (an AppError: re-timing past its caps) fails it with its code.
  const known = isEngineError(error) || error instanceof AppError;
  const code = known ? error.code : "ENGINE_FAILED";
  // The message is the job's, shown to its owner: the server's paths stay in the log.
  const message = known
    ? withoutServerPaths(error.message, config)
    : "The transcription failed unexpectedly. Please try again.";
  if (!known) log.error({ err: error, jobId: job.id }, "transcription crashed");
  try {
    const failed = await failJob(context, job, code, message, holder);
    return { outcome: { kind: "failed" }, keepMedia: !failed && (await isStillActive(db, job.id)) };
  } catch (settleError) {
    // Not settled (the database is away): the queue retries the job.
    return { keepMedia: true, rethrow: settleError };
  }
}

/**
 * How much media a job may transcribe: what was reserved for it at intake (whole seconds of the
 * measured length), plus one second for the last packet's length, which the measurement
 * leaves out. The charge never exceeds the reservation (chargeMinutes caps it).
 */
export function reservedMs(job: Pick<TranscriptionRow, "duration_ms">): number {
  return Math.ceil(job.duration_ms / 1000) * 1000 + 1000;
}

/** True while a job waits or runs (under whichever worker): its media is still needed. */
async function isStillActive(db: Db, id: string): Promise<boolean> {
  const row = await findTranscription(db, id);
  return row !== undefined && !isFinal(row.status);
}

/**
 * A job started this many times (restarts, crashed workers, redeliveries) is failed and its
 * minutes released: the one "restarted too often" rule, for the embedded queue's start-up
 * recovery and sweep, the fleet's queue sweeper and BullMQ's deliveries.
 */
export const MAX_STARTS = 5;

/** Whether a job that stopped running may not be started again. */
export function startedTooOften(job: Pick<TranscriptionRow, "attempts">): boolean {
  return job.attempts >= MAX_STARTS;
}

/**
 * A job found `processing` when the embedded queue starts was running when its process died (a
 * shutdown hands running jobs back uncounted). It runs once more — the death may have been the
 * machine's, not the job's — and is failed when found so again: a job that kills the server it
 * runs in (issue 44: a DOCX that inflated past the heap) stops it at most twice, not
 * MAX_STARTS times.
 */
export const MAX_STARTS_AFTER_A_DEATH = 2;

/** Whether a job found running by a starting process may not be started again. */
export function diedWithTooOften(job: Pick<TranscriptionRow, "attempts">): boolean {
  return job.attempts >= MAX_STARTS_AFTER_A_DEATH;
}

/** Fails a job that was started too often without finishing. */
export function failInterrupted(
  context: Pick<TaskContext, "db" | "events" | "now">,
  job: Pick<TranscriptionRow, "id" | "user_id" | "media_path">,
): Promise<boolean> {
  return failJob(
    context,
    job,
    "ENGINE_FAILED",
    "This file could not be transcribed: the work was interrupted too many times. Please upload it again; you are charged only for audio transcribed before it stopped.",
  );
}
