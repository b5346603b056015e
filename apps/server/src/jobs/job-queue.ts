import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { queueAhead, runningRemainingMs, type TranscriptionRow } from "../transcriptions/repo.js";
import { EmbeddedWorkers } from "./embedded-workers.js";
import { JobEvents } from "./job-events.js";
import type { StopReason } from "./transcription-task.js";

/**
 * The job system the routes see: tell workers about new jobs, stop a running one, follow
 * events, and place a job in the queue. Embedded: workers in this process over the jobs table.
 */
export class JobQueue {
  readonly events = new JobEvents();
  private readonly workers: EmbeddedWorkers | undefined;

  constructor(
    private readonly context: { db: Db; config: Config; log: FastifyBaseLogger; now?: () => Date },
  ) {
    const concurrency = context.config.workers.concurrency;
    this.workers =
      concurrency > 0
        ? new EmbeddedWorkers(
            { ...context, events: this.events, now: context.now ?? (() => new Date()) },
            concurrency,
          )
        : undefined;
  }

  async start(): Promise<void> {
    await this.workers?.start();
  }

  async stop(): Promise<void> {
    await this.workers?.stop();
  }

  /** A job was queued: wake a worker and tell followers the queue changed. */
  enqueued(): void {
    this.workers?.notify();
    this.events.queueMoved();
  }

  /** Stops a job if a worker here runs it. */
  stopRunning(jobId: string, reason: StopReason): boolean {
    return this.workers?.stopJob(jobId, reason) ?? false;
  }

  /** 1-based place in the queue and an estimate of the wait, from what is ahead and running. */
  async position(
    job: Pick<TranscriptionRow, "id" | "created_at">,
  ): Promise<{ position: number; waitSeconds: number | null }> {
    const ahead = await queueAhead(this.context.db, job);
    if (!this.workers) return { position: ahead.jobs + 1, waitSeconds: null };
    const runningMs = await runningRemainingMs(this.context.db);
    const waitMs =
      ((ahead.mediaMs + runningMs) * this.workers.processingSpeed) / this.workers.slots;
    return { position: ahead.jobs + 1, waitSeconds: Math.ceil(waitMs / 1000) };
  }
}
