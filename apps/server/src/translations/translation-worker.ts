import type { FastifyBaseLogger } from "fastify";
import type { Cue } from "@verbatim/subtitles";
import {
  languageModelErrorCode,
  translateCues,
  TranslationError,
  type TranslatedCue,
  type TranslationModel,
} from "@verbatim/subtitles/translation";
import { taskWithData } from "@verbatim/llm";
import type { Db } from "../db/database.js";
import { findTranscription } from "../jobs/job-reads.js";
import { rowCues } from "../jobs/job-row.js";
import { SideJobQueue, type RunningSideJob, type SideJobKind } from "../jobs/side-job-queue.js";
import { settleTranslation, settleUnsettledTranslations } from "./settle-translation.js";
import { doneCues, translationOptions, type TranslationRow } from "./translation-row.js";
import {
  claimNextTranslation,
  endTranslation,
  recordTranslationBatch,
  requeueStalledTranslations,
  requeueTranslation,
} from "./translation-store.js";

/** What the translation worker needs. */
export interface TranslationWorkerContext {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Jobs at once in this process (0: it runs none). */
  concurrency: number;
  /** Whether this is the only process using the database (no Redis): it may requeue what it finds running. */
  alone: boolean;
  /** The language model (null: none configured; jobs fail TRANSLATION_MODEL_UNAVAILABLE, free). */
  model: () => TranslationModel | null;
}

/** How often a worker looks for jobs another worker left running, and ended ones to settle. */
const SWEEP_MS = 30_000;
/** A running job whose heartbeat is older than this was left by a worker that stopped. */
const STALLED_MS = 2 * 60_000;
/** A job taken this many times (each start ended by a dying process) is failed, not run again. */
export const MAX_TRANSLATION_STARTS = 3;

/** Error codes of the model layer that mean it cannot answer now (not the transcript's fault). */
const MODEL_UNAVAILABLE = new Set([
  "LLM_NOT_READY",
  "LLM_UNREACHABLE",
  "LLM_KEY_REFUSED",
  "LLM_MODEL_MISSING",
]);

/** The translation worker: the side-job queue working the translations table. */
export type TranslationWorker = SideJobQueue<TranslationRow>;

/**
 * Runs translation jobs from the translations table, apart from transcriptions and renders:
 * its own loops (TRANSLATION_CONCURRENCY, default 1; the side-job queue, jobs/side-job-queue.ts). The cues are written batch by batch, so
 * a job a restart interrupted resumes after what it had written, and one that is cancelled or
 * fails is charged for what it delivered. A job is cancelled by its row leaving `running`: the
 * worker sees it at its next batch, or at once in this process (`cancel`).
 */
export function translationWorker(context: TranslationWorkerContext): TranslationWorker {
  return new SideJobQueue(new Translations(context), {
    ...context,
    sweepMs: SWEEP_MS,
    stalledMs: STALLED_MS,
  });
}

/** What running a translation means, for the side-job queue. */
class Translations implements SideJobKind<TranslationRow> {
  readonly noun = "translation";
  readonly idField = "translationId";

  constructor(private readonly context: TranslationWorkerContext) {}

  claimNext(now: Date): Promise<TranslationRow | undefined> {
    return claimNextTranslation(this.context.db, now);
  }

  requeueStalled(staleBefore: Date | null): Promise<number> {
    return requeueStalledTranslations(this.context.db, staleBefore);
  }

  /** Settles the translations whose settlement was cut off. */
  async afterSweep(now: Date): Promise<void> {
    await settleUnsettledTranslations(this.context.db, now);
  }

  async run(job: TranslationRow, { signal, stopping, abort }: RunningSideJob): Promise<void> {
    const { db, log, now } = this.context;
    if (job.starts > MAX_TRANSLATION_STARTS) {
      await this.end(job, "failed", "TRANSLATION_FAILED");
      return;
    }
    const model = this.context.model();
    const transcription = await findTranscription(db, job.transcription_id);
    if (!transcription || transcription.status !== "completed") {
      await this.end(job, "failed", "TRANSLATION_FAILED");
      return;
    }
    if (!model) {
      await this.end(job, "failed", "TRANSLATION_MODEL_UNAVAILABLE");
      return;
    }
    try {
      const cues = rowCues(transcription);
      const options = translationOptions(job);
      await translateCues(cues, {
        model,
        accountId: job.user_id,
        sourceLanguage: transcription.language,
        targetLanguage: job.language,
        register: options.register ?? undefined,
        style: options.style,
        glossary: options.glossary,
        messages: taskWithData,
        signal,
        done: doneCues(job),
        onBatch: async (done, total) => {
          const stillRunning = await recordTranslationBatch(
            db,
            job.id,
            {
              cuesJson: JSON.stringify(storedTrack(cues, done)),
              progress: (done.size / Math.max(1, total)) * 100,
              translatedMs: reach(cues, done),
              model: model.name,
            },
            now(),
          );
          if (!stillRunning) abort();
        },
      });
      if (signal.aborted) throw new Error("cancelled");
      await this.end(job, "completed", null);
    } catch (error) {
      if (signal.aborted) {
        // Stopping: back in line, resuming after the cues written. Cancelled: the cancel has
        // ended and settled the row.
        if (stopping()) await requeueTranslation(db, job.id);
        return;
      }
      const code = failureCode(error);
      log.warn({ err: error, translationId: job.id, code }, "translation failed");
      await this.end(job, "failed", code);
    }
  }

  /** Ends a running job and settles its minutes (a failed one pays for what it delivered). */
  private async end(
    job: TranslationRow,
    status: "completed" | "failed",
    code: string | null,
  ): Promise<void> {
    const { db, now } = this.context;
    const at = now();
    const ended = await endTranslation(db, job.id, ["running"], {
      status,
      finished_at: at.toISOString(),
      error_code: code,
      ...(status === "completed" ? { progress: 100 } : {}),
    });
    if (ended) await settleTranslation(db, job.id, at);
  }
}

/** The error code a failed job is stored with. */
function failureCode(error: unknown): string {
  const code = error instanceof TranslationError ? error.code : languageModelErrorCode(error);
  if (code === "LLM_CONTEXT_EXCEEDED") return "TRANSLATION_CUE_TOO_LONG";
  if (code !== undefined && MODEL_UNAVAILABLE.has(code)) return "TRANSLATION_MODEL_UNAVAILABLE";
  return "TRANSLATION_FAILED";
}

/** The track as stored: each translated cue with its original's times; null where not yet. */
function storedTrack(cues: readonly Cue[], done: ReadonlyMap<number, TranslatedCue>) {
  return cues.map((cue, position) => {
    const translated = done.get(position);
    return translated ? { start: cue.start, end: cue.end, ...translated } : null;
  });
}

/** How far into the media the translated cues reach (ms). */
function reach(cues: readonly Cue[], done: ReadonlyMap<number, TranslatedCue>): number {
  let end = 0;
  for (const position of done.keys()) end = Math.max(end, cues[position]?.end ?? 0);
  return end;
}
