import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { queueAhead, runningRemainingMs } from "./job-reads.js";
import { type TranscriptionRow } from "./job-row.js";
import { EmbeddedWorkers } from "./embedded-workers.js";
import { JobEvents } from "./job-events.js";
import type { JobQueue, StopReason } from "./job-queue.js";

/** One machine: workers in this process take jobs from the jobs table; events stay in memory. */
export class EmbeddedJobQueue implements JobQueue {
  readonly events = new JobEvents();
  private readonly workers: EmbeddedWorkers | undefined;

  constructor(
    private readonly context: { db: Db; config: Config; log: FastifyBaseLogger; now: () => Date },
  ) {
    const concurrency = context.config.workers.concurrency;
    this.workers =
      concurrency > 0
        ? new EmbeddedWorkers({ ...context, events: this.events }, concurrency)
        : undefined;
  }

  async start(): Promise<void> {
    await this.workers?.start();
  }

  async handBack(): Promise<void> {
    await this.workers?.stop();
  }

  stop(): Promise<void> {
    return this.handBack();
  }

  enqueued(): Promise<void> {
    this.workers?.notify();
    this.events.queueMoved();
    return Promise.resolve();
  }

  stopRunning(jobId: string, reason: StopReason): void {
    this.workers?.stopJob(jobId, reason);
  }

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

  health(): Promise<{ ok: boolean; detail: string; waiting?: number; running?: number }> {
    const { concurrency, threads } = this.context.config.workers;
    const detail =
      concurrency > 0
        ? `embedded: ${concurrency} in-process worker${concurrency === 1 ? "" : "s"}, ${threads} threads each`
        : "embedded: no workers in this process";
    return Promise.resolve({ ok: true, detail });
  }
}
