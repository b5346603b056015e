import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { claimNextJob, failJob, requeueJob } from "./job-lifecycle.js";
import { jobsLeftProcessing } from "./job-reads.js";
import { ProcessingSpeed } from "./processing-speed.js";
import { runTranscriptionJob, type StopReason, type TaskContext } from "./transcription-task.js";

/** How often idle workers look for jobs queued by another process. */
const POLL_MS = 1_000;

/**
 * The embedded queue's workers (docs/architecture.md): `concurrency` loops in this process take the
 * oldest queued job from the jobs table, run it, and wait for the next. Jobs survive restarts:
 * at start, jobs a previous run left `processing` are queued again once, then failed.
 */
export class EmbeddedWorkers {
  private readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, AbortController>();
  private readonly sleepers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private stopping = false;
  private readonly speed = new ProcessingSpeed();

  constructor(
    private readonly context: TaskContext,
    private readonly concurrency: number,
  ) {}

  /** Recovers interrupted jobs, then starts the loops. */
  async start(): Promise<void> {
    await this.recoverInterrupted();
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  /** Wakes idle workers (a job was queued). */
  notify(): void {
    for (const wake of this.sleepers) wake();
  }

  /** Stops a job this process runs; false when it does not run here. */
  stopJob(jobId: string, reason: StopReason): boolean {
    const controller = this.running.get(jobId);
    controller?.abort(reason);
    return controller !== undefined;
  }

  /** Seconds of processing per second of media, as measured so far. */
  get processingSpeed(): number {
    return this.speed.value;
  }

  /** How many jobs this process can run at once. */
  get slots(): number {
    return this.concurrency;
  }

  /** Stops taking jobs and hands running ones back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const controller of this.running.values())
      controller.abort("shutdown" satisfies StopReason);
    this.notify();
    await Promise.all(this.loops);
  }

  private async loop(): Promise<void> {
    const { db, log, now, events } = this.context;
    while (!this.stopping) {
      let job;
      try {
        job = await claimNextJob(db, this.id, now());
      } catch (error) {
        log.error({ err: error }, "claiming a job failed");
      }
      if (!job) {
        await this.sleep(POLL_MS);
        continue;
      }
      events.queueMoved();
      const controller = new AbortController();
      this.running.set(job.id, controller);
      try {
        const outcome = await runTranscriptionJob(this.context, job, controller);
        if (outcome.kind === "completed") this.speed.record(outcome);
      } catch (error) {
        log.error({ err: error, jobId: job.id }, "settling a job failed");
      } finally {
        this.running.delete(job.id);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Jobs left `processing` by a run that stopped: retried once, then failed and released. */
  private async recoverInterrupted(): Promise<void> {
    const { db, log, now } = this.context;
    const interrupted = await jobsLeftProcessing(db);
    for (const job of interrupted) {
      if (job.attempts < 2 && job.media_path) {
        await requeueJob(db, job.id, now());
        log.warn({ jobId: job.id }, "re-queued a transcription interrupted by a restart");
      } else {
        await failJob(
          this.context,
          job,
          "ENGINE_FAILED",
          "The server restarted while transcribing this file, twice. Please upload it again; only audio already transcribed is charged.",
        );
        log.warn({ jobId: job.id }, "failed a transcription interrupted twice");
      }
    }
  }
}
