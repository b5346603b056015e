import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { claimNextJob, requeueJob } from "./lifecycle/state-machine.js";
import { RECENT_SETTLEMENT_MS, settleUnsettledJobs } from "./lifecycle/settlement.js";
import { jobsLeftProcessing, jobsToSweep } from "./job-reads.js";
import { ProcessingSpeed } from "./processing-speed.js";
import {
  failInterrupted,
  runTranscriptionJob,
  diedWithTooOften,
  startedTooOften,
  type TaskContext,
} from "./transcription-task.js";
import type { StopReason } from "./job-queue.js";
import { repeatEvery, type RepeatingPass } from "../schedule/repeat-every.js";

/** How often idle workers look for jobs queued by another process. */
const POLL_MS = 1_000;
/** How often this process looks for its own jobs that stalled and for unsettled ones. */
const SWEEP_MS = 15_000;
/** A job of this process without a heartbeat for this long is no longer run by anyone. */
const STALLED_MS = 30_000;

/**
 * The embedded queue's workers (docs/architecture.md): `concurrency` loops in this process take the
 * oldest queued job from the jobs table, run it, and wait for the next. Jobs survive restarts:
 * at start, jobs a previous run left `processing` are queued again once, then failed.
 */
export class EmbeddedWorkers {
  /** This process's worker id, as the jobs it runs carry it. */
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, AbortController>();
  private readonly sleepers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private sweeps: RepeatingPass | undefined;
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
    // sweep() logs its own failures.
    this.sweeps = repeatEvery(SWEEP_MS, () => this.sweep(), { onError: () => undefined });
  }

  /**
   * Recovery while running, not only at the next start: a job of this process that no loop
   * runs any more (its settlement failed: the database away, its disk full) goes back in line
   * (failed once started too often), and ended jobs whose minutes were not settled are
   * settled. Returns how many jobs it settled or re-queued.
   */
  async sweep(): Promise<number> {
    const { db, log, now } = this.context;
    try {
      const at = now();
      const recent = new Date(at.getTime() - RECENT_SETTLEMENT_MS);
      let count = await settleUnsettledJobs(db, at, recent);
      const silentBefore = new Date(at.getTime() - STALLED_MS).toISOString();
      // Only running jobs: queued ones are this queue's own, none to redeliver.
      const stalled = await jobsToSweep(db, { silentBefore, limit: 100 });
      for (const job of stalled) {
        if (job.status !== "processing" || job.worker_id !== this.id) continue;
        if (this.running.has(job.id)) continue;
        if (startedTooOften(job)) await failInterrupted(this.context, job);
        else if (await requeueJob(db, job.id, now(), { workerId: this.id })) this.notify();
        log.warn({ jobId: job.id }, "recovered a transcription whose settlement had failed");
        count++;
      }
      return count;
    } catch (error) {
      log.warn({ err: error }, "sweeping stalled jobs failed");
      return 0;
    }
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
    await this.sweeps?.stop();
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

  /**
   * Jobs left `processing` by a run that died (a shutdown hands them back): queued again once,
   * and failed with their minutes released (charged for text delivered) when found so a second
   * time (diedWithTooOften), so that a job that kills the process is not run until it kills it
   * again.
   */
  private async recoverInterrupted(): Promise<void> {
    const { db, log, now } = this.context;
    const interrupted = await jobsLeftProcessing(db);
    for (const job of interrupted) {
      if (!diedWithTooOften(job) && job.media_path) {
        await requeueJob(db, job.id, now());
        log.warn({ jobId: job.id }, "re-queued a transcription interrupted by a restart");
      } else {
        await failInterrupted(this.context, job);
        log.warn({ jobId: job.id }, "failed a transcription interrupted too often");
      }
    }
  }
}
