import { randomUUID } from "node:crypto";
import { InsightsBody } from "@verbatim/contract/api";
import { InsightsError, summarize } from "@verbatim/insights";
import { isLanguageModelError } from "@verbatim/llm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.js";
import { findTranscription } from "../jobs/job-reads.js";
import { rowCues, rowSpeakers } from "../jobs/job-row.js";
import { chargeMinutes, releaseMinutes } from "../minutes/minute-ledger.js";
import { eventBody } from "../webhooks/job-events.js";
import { insertDelivery } from "../webhooks/webhook-store.js";
import type { LanguageModelSource } from "./language-model-source.js";
import {
  claimNextInsightJob,
  endInsightJob,
  findInsightJob,
  recordInsightProgress,
  requeueInsightJob,
  requeueStalledInsightJobs,
  settleEndedInsightJobs,
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

const POLL_MS = 2_000;
const SWEEP_MS = 15_000;
/** A running job whose heartbeat is older than this was left by a worker that stopped. */
const STALLED_MS = 2 * 60_000;
const RECENT_END_MS = 24 * 60 * 60_000;
const PROGRESS_MS = 1_000;

/**
 * Runs insights jobs from the insights table, apart from transcriptions and renders: its own
 * loops (INSIGHTS_CONCURRENCY, default 1), each asking the language model (whose own fair queue
 * takes one request at a time per model, round-robin by account). A job is cancelled by its row
 * leaving `running`: the worker sees it at its next progress write, or at once in this process.
 */
export class InsightWorker {
  private readonly running = new Map<string, AbortController>();
  private readonly sleepers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly context: InsightWorkerContext) {}

  async start(): Promise<void> {
    if (this.context.concurrency === 0) return;
    if (this.context.alone) {
      const requeued = await requeueStalledInsightJobs(this.context.db, null);
      if (requeued > 0)
        this.context.log.warn({ requeued }, "insights jobs interrupted by a restart requeued");
    }
    this.stopping = false;
    this.loops = Array.from({ length: this.context.concurrency }, () => this.loop());
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** Requeues jobs a stopped worker left running and settles ended ones; returns how many were requeued. */
  async sweep(): Promise<number> {
    const { db, log, now } = this.context;
    try {
      const at = now();
      const requeued = await requeueStalledInsightJobs(db, new Date(at.getTime() - STALLED_MS));
      if (requeued > 0) this.notify();
      await settleEndedInsightJobs(db, at, new Date(at.getTime() - RECENT_END_MS));
      return requeued;
    } catch (error) {
      log.warn({ err: error }, "sweeping insights jobs failed");
      return 0;
    }
  }

  /** Stops taking jobs; running ones are stopped and go back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweepTimer);
    this.notify();
    for (const controller of this.running.values()) controller.abort();
    await Promise.all(this.loops);
    this.loops = [];
  }

  notify(): void {
    for (const wake of this.sleepers) wake();
  }

  /** Stops a job running in this process (its row is already settled by the cancel). */
  stopJob(id: string): void {
    this.running.get(id)?.abort();
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let job: InsightRow | undefined;
      try {
        job = await claimNextInsightJob(this.context.db, this.context.now());
      } catch (error) {
        this.context.log.warn({ err: error }, "claiming an insights job failed");
      }
      if (!job) {
        await this.sleep();
        continue;
      }
      try {
        await this.run(job);
      } catch (error) {
        this.context.log.error(
          { err: error, insightsId: job.id },
          "recording the end of an insights job failed; the sweep will requeue it",
        );
      }
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, POLL_MS);
      this.sleepers.add(wake);
    });
  }

  private async run(job: InsightRow): Promise<void> {
    const { db, log, now } = this.context;
    const controller = new AbortController();
    this.running.set(job.id, controller);
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
        signal: controller.signal,
        onProgress: ({ done, total, stage }) => {
          const at = Date.now();
          if (at - lastWrite < PROGRESS_MS && done < total) return;
          lastWrite = at;
          void recordInsightProgress(db, job.id, (done / total) * 100, stage, now()).then(
            (stillRunning) => {
              if (!stillRunning) controller.abort();
            },
            (error: unknown) => log.warn({ err: error }, "recording insights progress failed"),
          );
        },
      });
      if (controller.signal.aborted) throw new Error("cancelled");
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
      if (controller.signal.aborted) {
        if (this.stopping) await requeueInsightJob(db, job.id);
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
    } finally {
      this.running.delete(job.id);
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
    for (const hook of hooks) {
      if (!(JSON.parse(hook.events_json) as string[]).includes("insights.completed")) continue;
      const eventId = `evt_${randomUUID()}`;
      const self = `${publicUrl}/api/transcriptions/${job.transcription_id}/insights`;
      await insertDelivery(db, {
        id: `dlv_${randomUUID()}`,
        user_id: job.user_id,
        webhook_id: hook.id,
        transcription_id: job.transcription_id,
        event_id: eventId,
        event_type: "insights.completed",
        url: hook.url,
        payload: eventBody(eventId, "insights.completed", at, {
          id: job.id,
          transcriptionId: job.transcription_id,
          status: "completed",
          chargedSeconds: job.cost_seconds,
          finishedAt: row?.finished_at ?? at.toISOString(),
          links: { self, markdown: `${self}/export?format=md`, json: `${self}/export?format=json` },
        }),
        status: "pending",
        next_attempt_at: at.toISOString(),
        created_at: at.toISOString(),
      });
    }
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
