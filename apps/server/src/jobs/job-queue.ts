// The job queue's interface, what the routes and the job's life see. It imports no queue: the
// factory that picks one (BullMQ or the embedded queue) is create-job-queue.ts.
import type { TranscriptionRow } from "./job-row.js";
import type { JobEventBus } from "./job-events.js";

/** Why a running job was stopped from outside. */
export type StopReason = "cancel" | "shutdown";

/**
 * The job system the routes see (docs/architecture.md): hand a new job to the workers, stop a running
 * one, follow its events, and place it in the queue. The jobs table holds every job's state;
 * the queue only delivers jobs to workers.
 */
export interface JobQueue {
  readonly events: JobEventBus;
  /** Recovers what a previous run left and starts this process's workers, if any. */
  start(): Promise<void>;
  /**
   * Stops taking jobs and hands running ones back to the queue, keeping connections open for
   * the requests still being answered (a shutdown's first step; `stop` includes it).
   */
  handBack(): Promise<void>;
  /** Stops taking jobs, hands running ones back to the queue and closes connections. */
  stop(): Promise<void>;
  /** A job row was inserted `queued`: deliver it to a worker and tell followers. */
  enqueued(jobId: string): Promise<void>;
  /** Stops a job wherever it runs (the caller has already settled its row). */
  stopRunning(jobId: string, reason: StopReason): void;
  /** 1-based place in the queue and an estimate of the wait. */
  position(
    job: Pick<TranscriptionRow, "id" | "created_at">,
  ): Promise<{ position: number; waitSeconds: number | null }>;
  /** For `/api/health`: whether the queue is reachable, and how this process takes part. */
  health(): Promise<{ ok: boolean; detail: string; waiting?: number; running?: number }>;
}
