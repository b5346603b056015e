import { rm } from "node:fs/promises";
import { isEngineError, transcribeFile, type TranscriptionProgress } from "@verbatim/engine";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { chargeMinutes, releaseMinutes } from "../minutes/minute-ledger.js";
import {
  rowOptions,
  saveProgress,
  transition,
  type TranscriptionRow,
} from "../transcriptions/repo.js";
import type { JobEvents } from "./job-events.js";

/** What running a job needs. */
export interface TaskContext {
  db: Db;
  config: Config;
  events: JobEvents;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Why a running job was stopped from outside. */
export type StopReason = "cancel" | "shutdown";

/** How often progress is written to the database (events go out more often). */
const SAVE_EVERY_MS = 1_000;
/** How often progress events are published. */
const PUBLISH_EVERY_MS = 250;

/**
 * Runs one claimed job through the engine and settles it: completed with its cues and a charge
 * of the real duration, or failed with its reservation released. A shutdown hands it back to
 * the queue. The uploaded media is deleted whenever the job ends, whatever the outcome.
 */
export async function runTranscriptionJob(
  context: TaskContext,
  job: TranscriptionRow,
  controller: AbortController,
): Promise<{ mediaMs: number; tookMs: number } | undefined> {
  const { db, config, events, log, now } = context;
  const started = Date.now();
  const options = rowOptions(job);
  let lastSave = 0;
  let lastPublish = 0;
  const onProgress = (progress: TranscriptionProgress) => {
    const at = Date.now();
    const percent = Math.min(99, Math.floor(progress.fraction * 100));
    const secondsLeft = progress.etaMs === null ? null : Math.ceil(progress.etaMs / 1000);
    if (at - lastPublish >= PUBLISH_EVERY_MS) {
      lastPublish = at;
      events.publish(job.id, { type: "processing", percent, secondsLeft });
    }
    if (at - lastSave >= SAVE_EVERY_MS) {
      lastSave = at;
      void saveProgress(db, job.id, progress.fraction, progress.etaMs, now()).then(
        (stillRunning) => {
          if (!stillRunning) controller.abort("cancel" satisfies StopReason);
        },
        (error: unknown) => log.warn({ err: error, jobId: job.id }, "saving progress failed"),
      );
    }
  };

  events.publish(job.id, { type: "processing", percent: 0, secondsLeft: null });
  let handedBack = false;
  try {
    const result = await transcribeFile(
      {
        input: job.media_path ?? "",
        model: job.engine_model,
        modelsDir: config.modelsDir,
        language: options.language,
        task: options.task,
        wordTimestamps: options.wordTimestamps,
        threads: config.workers.threads,
        beamSize: config.workers.beamSize,
        temperatureFallback: config.workers.temperatureFallback,
        ...(options.chineseScript ? { chineseScript: options.chineseScript } : {}),
      },
      {
        signal: controller.signal,
        onProgress,
        onSegment: (segment) =>
          events.publish(job.id, {
            type: "segment",
            start: segment.start,
            end: segment.end,
            text: segment.text.trim(),
          }),
      },
    );
    const completed = await transition(
      db,
      job.id,
      ["processing"],
      {
        status: "completed",
        cues_json: JSON.stringify(result.cues),
        language: result.language,
        duration_ms: result.durationMs,
        progress: 1,
        eta_ms: null,
        media_path: null,
        finished_at: now().toISOString(),
      },
      now(),
    );
    if (!completed) return undefined; // cancelled at the last moment: the cancel released it
    if (job.media_path) await rm(job.media_path, { force: true });
    await chargeMinutes(db, job.user_id, job.id, result.durationMs / 1000, now());
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
    return { mediaMs: result.durationMs, tookMs: Date.now() - started };
  } catch (error) {
    const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
    if (reason === "shutdown") {
      handedBack = await transition(
        db,
        job.id,
        ["processing"],
        { status: "queued", attempts: Math.max(0, job.attempts - 1), worker_id: null, progress: 0 },
        now(),
      );
      return undefined;
    }
    if (reason === "cancel") return undefined; // the cancel settled the job and told followers
    const code = isEngineError(error) ? error.code : "ENGINE_FAILED";
    const message = isEngineError(error)
      ? error.message
      : "The transcription failed unexpectedly. Please try again.";
    if (!isEngineError(error)) log.error({ err: error, jobId: job.id }, "transcription crashed");
    await failJob(context, job, code, message);
    return undefined;
  } finally {
    if (!handedBack && job.media_path) await rm(job.media_path, { force: true });
  }
}

/** Marks a job failed (if it still runs or waits), releases its minutes and tells followers. */
export async function failJob(
  { db, events, now }: Pick<TaskContext, "db" | "events" | "now">,
  job: Pick<TranscriptionRow, "id" | "user_id" | "media_path">,
  code: string,
  message: string,
): Promise<void> {
  const failed = await transition(
    db,
    job.id,
    ["queued", "processing"],
    {
      status: "failed",
      error_code: code,
      error_message: message,
      media_path: null,
      eta_ms: null,
      finished_at: now().toISOString(),
    },
    now(),
  );
  await releaseMinutes(db, job.user_id, job.id, now());
  if (job.media_path) await rm(job.media_path, { force: true });
  if (failed) events.publish(job.id, { type: "failed", code, message });
}
