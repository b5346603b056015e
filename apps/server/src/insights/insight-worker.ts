import { randomUUID } from "node:crypto";
import { InsightsBody } from "@verbatim/contract/api";
import { InsightsError, summarize } from "@verbatim/insights";
import { isLanguageModelError } from "@verbatim/llm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.js";
import { findTranscription } from "../jobs/job-reads.js";
import { rowCues, rowSpeakers } from "../jobs/job-row.js";
import { settleEndedJobs } from "../jobs/side-job-tables.js";
import { SideJobQueue, type RunningSideJob, type SideJobKind } from "../jobs/side-job-queue.js";
import { chargeMinutes, releaseMinutes } from "../minutes/minute-ledger.js";
import { eventBody } from "../webhooks/job-events.js";
import { queueEvent } from "../webhooks/webhook-store.js";
import type { LanguageModelSource } from "./language-model-source.js";
import {
  claimNextInsightJob,
  endInsightJob,
  findInsightJob,
  recordInsightProgress,
  requeueInsightJob,
  requeueStalledInsightJobs,
  type InsightRow,
} from "./insight-store.js";

/** What the insights worker needs. */
export interface InsightWorkerContext {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  languageModel: LanguageModelSource;
  /** Jobs at once in this process (0: it runs none). */
  concurrency: number;
  /** Whether this is the only process using the database (no Redis): it may requeue what it finds running. */
  alone: boolean;
  /** PUBLIC_URL, for the links of `insights.completed` deliveries. */
  publicUrl: string;
}

const SWEEP_MS = 15_000;
/** A running job whose heartbeat is older than this was left by a worker that stopped. */
const STALLED_MS = 2 * 60_000;
const RECENT_END_MS = 24 * 60 * 60_000;
const PROGRESS_MS = 1_000;

/** The insights worker: the side-job queue working the insights table. */
export type InsightWorker = SideJobQueue<InsightRow>;

/**
 * Runs insights jobs from the insights table, apart from transcriptions and renders: its own
 * loops (INSIGHTS_CONCURRENCY, default 1; the side-job queue, jobs/side-job-queue.ts), each asking the language model (whose own fair queue
 * takes one request at a time per model, round-robin by account). A job is cancelled by its row
 * leaving `running`: the worker sees it at its next progress write, or at once in this process
 * (`cancel`).
 */
export function insightWorker(context: InsightWorkerContext): InsightWorker {
  return new SideJobQueue(new Insights(context), {
    ...context,
    sweepMs: SWEEP_MS,
    stalledMs: STALLED_MS,
  });
}

/** What running an insights job means, for the side-job queue. */
class Insights implements SideJobKind<InsightRow> {
  readonly noun = "insights job";
  readonly idField = "insightsId";

  constructor(private readonly context: InsightWorkerContext) {}

  claimNext(now: Date): Promise<InsightRow | undefined> {
    return claimNextInsightJob(this.context.db, now);
  }

  requeueStalled(staleBefore: Date | null): Promise<number> {
    return requeueStalledInsightJobs(this.context.db, staleBefore);
  }

  /** Settles the minutes of jobs whose settlement was cut off. */
  async afterSweep(now: Date): Promise<void> {
    await settleEndedJobs(
      this.context.db,
      "insights",
      now,
      new Date(now.getTime() - RECENT_END_MS),
    );
  }

  async run(job: InsightRow, { signal, stopping, abort }: RunningSideJob): Promise<void> {
    const { db, log, now } = this.context;
    let lastWrite = 0;
    try {
      const model = this.context.languageModel.get();
      const transcription = await findTranscription(db, job.transcription_id);
      if (!model || !transcription) {
        await this.fail(job, model ? "NOT_FOUND" : "INSIGHTS_MODEL_NOT_CONFIGURED");
        return;
      }
      const options = InsightsBody.parse(JSON.parse(job.options_json));
      const insights = await summarize(model, {
        source: {
          id: transcription.id,
          cues: rowCues(transcription),
          speakers: rowSpeakers(transcription),
        },
        durationMs: transcription.duration_ms,
        language: options.language,
        chineseScript: options.chineseScript,
        accountId: job.user_id,
        signal,
        onProgress: ({ done, total, stage }) => {
          const at = Date.now();
          if (at - lastWrite < PROGRESS_MS && done < total) return;
          lastWrite = at;
          void recordInsightProgress(db, job.id, (done / total) * 100, stage, now()).then(
            (stillRunning) => {
              if (!stillRunning) abort();
            },
            (error: unknown) => log.warn({ err: error }, "recording insights progress failed"),
          );
        },
      });
      if (signal.aborted) throw new Error("cancelled");
      const finishedAt = now();
      const done = await endInsightJob(db, job.id, ["running"], {
        status: "completed",
        finished_at: finishedAt.toISOString(),
        content_json: JSON.stringify(insights),
      });
      if (!done) return; // cancelled as it finished: the cancel released the minutes
      await chargeMinutes(db, job.user_id, job.id, job.cost_seconds, finishedAt);
      await this.announce(job, finishedAt).catch((error: unknown) =>
        log.warn(
          { err: error, insightsId: job.id },
          "writing the insights.completed deliveries failed",
        ),
      );
    } catch (error) {
      if (signal.aborted) {
        if (stopping()) await requeueInsightJob(db, job.id);
        return;
      }
      const code = failureCode(error);
      log.warn(
        {
          err: error,
          insightsId: job.id,
          code,
          llmCode: isLanguageModelError(error) ? error.code : undefined,
        },
        "insights job failed",
      );
      await this.fail(job, code);
    }
  }

  /** Ends a job as failed; nothing was delivered, so its minutes go back in full. */
  private async fail(job: InsightRow, code: string): Promise<void> {
    const at = this.context.now();
    const ended = await endInsightJob(this.context.db, job.id, ["running"], {
      status: "failed",
      error_code: code,
      finished_at: at.toISOString(),
    });
    if (ended) await releaseMinutes(this.context.db, job.user_id, job.id, at);
  }

  /** An `insights.completed` delivery to each of the user's webhooks that asked for it. */
  private async announce(job: InsightRow, at: Date): Promise<void> {
    const { db, publicUrl } = this.context;
    const hooks = await db
      .selectFrom("webhooks")
      .select(["id", "url", "events_json"])
      .where("user_id", "=", job.user_id)
      .execute();
    const row = await findInsightJob(db, job.id);
    const targets = hooks
      .filter((hook) => (JSON.parse(hook.events_json) as string[]).includes("insights.completed"))
      .map((hook) => ({ webhookId: hook.id, url: hook.url }));
    if (targets.length === 0) return;
    const eventId = `evt_${randomUUID()}`;
    const self = `${publicUrl}/api/transcriptions/${job.transcription_id}/insights`;
    const payload = eventBody(eventId, "insights.completed", at, {
      id: job.id,
      transcriptionId: job.transcription_id,
      status: "completed",
      chargedSeconds: job.cost_seconds,
      finishedAt: row?.finished_at ?? at.toISOString(),
      links: { self, markdown: `${self}/export?format=md`, json: `${self}/export?format=json` },
    });
    await queueEvent(
      db,
      {
        userId: job.user_id,
        transcriptionId: job.transcription_id,
        eventId,
        type: "insights.completed",
        payload,
        targets,
      },
      at,
    );
  }
}

/**
 * What a failed job says: an empty transcript; a model that is not installed or named
 * (INSIGHTS_MODEL_NOT_CONFIGURED); anything else the model did — slow, unreachable, refused,
 * invalid twice — INSIGHTS_MODEL_FAILED (the log keeps the layer's own code).
 */
function failureCode(error: unknown): string {
  if (error instanceof InsightsError && error.code === "INSIGHTS_EMPTY_TRANSCRIPT")
    return error.code;
  if (
    isLanguageModelError(error) &&
    (error.code === "LLM_NOT_READY" || error.code === "LLM_MODEL_MISSING")
  ) {
    return "INSIGHTS_MODEL_NOT_CONFIGURED";
  }
  return "INSIGHTS_MODEL_FAILED";
}
