import type { FastifyBaseLogger } from "fastify";
import { repeatEvery, type RepeatingPass } from "../schedule/repeat-every.js";

// The one loop that works a side-job table (renders, translations, insights): jobs that run in
// the API's processes apart from transcriptions, each kind in its own table. The table's store
// owns the SQL (claim, requeue, settle); the kind's worker owns what running one means; this
// owns the rest: the loops, the idle poll, the sweep for jobs a stopped process left running,
// and stopping or cancelling what runs here.

/** A claimed job as its kind's `run` sees it. */
export interface RunningSideJob {
  /** Aborts when the job is cancelled, or when the process stops (`stopping` says which). */
  signal: AbortSignal;
  /** Whether this process is stopping: an abort then means "back in line", not "cancelled". */
  stopping(): boolean;
  /** Aborts the job here (its row says it no longer runs: cancelled by another process). */
  abort(): void;
}

/** One kind of side job, as the queue needs it. */
export interface SideJobKind<Row extends { id: string }> {
  /** In log messages: "render", "translation", "insights job". */
  noun: string;
  /** The log field that carries a job's id: "renderId", "translationId", "insightsId". */
  idField: string;
  /**
   * The next queued job, marked running by this process (its heartbeat starting now); undefined
   * when none waits or another process took it first.
   */
  claimNext(now: Date): Promise<Row | undefined>;
  /**
   * Jobs left running by a process that stopped go back in line: those whose heartbeat is older
   * than `staleBefore`, or every running one (null) when no other process shares the database.
   * Returns how many.
   */
  requeueStalled(staleBefore: Date | null): Promise<number>;
  /** Work before the loops start, in a process that runs this kind (tidying what ended…). */
  beforeStart?(): Promise<void>;
  /** The sweep's other work after requeuing (settling ended jobs whose settlement was cut off…). */
  afterSweep?(now: Date): Promise<void>;
  /**
   * Runs one claimed job to its end: records its heartbeat while it runs, ends and settles it,
   * and puts it back in line when aborted by a stopping process. Throws only when recording its
   * end failed: the job stays running and the sweep requeues it once its heartbeat is old.
   */
  run(row: Row, job: RunningSideJob): Promise<void>;
}

/** How the queue runs in this process. */
export interface SideJobQueueOptions {
  log: FastifyBaseLogger;
  now: () => Date;
  /** Jobs at once in this process (0: it runs none). */
  concurrency: number;
  /** Whether this is the only process using the database: it may requeue what it finds running. */
  alone: boolean;
  /** How often the sweep runs. */
  sweepMs: number;
  /** A running job whose heartbeat is older than this was left by a process that stopped. */
  stalledMs: number;
  /** How often an idle loop looks for a job queued by another process (default 2 s). */
  pollMs?: number;
}

const POLL_MS = 2_000;

/**
 * Works one side-job table: `concurrency` loops each claim the next job (fair across accounts:
 * the store's claim) and run it; idle loops wait `pollMs`, or less when `notify` says a job was
 * queued here. A sweep every `sweepMs` requeues jobs whose heartbeat stopped and runs the kind's
 * `afterSweep`.
 */
export class SideJobQueue<Row extends { id: string }> {
  private readonly running = new Map<string, AbortController>();
  private readonly sleepers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private sweeps: RepeatingPass | undefined;
  private stopped = false;

  constructor(
    private readonly kind: SideJobKind<Row>,
    private readonly options: SideJobQueueOptions,
  ) {}

  /**
   * Starts the loops and the sweep, after the kind's `beforeStart`; alone, first requeues what a
   * restart interrupted. A process that runs none of this kind (concurrency 0) does nothing.
   */
  async start(): Promise<void> {
    const { concurrency, alone, log, sweepMs } = this.options;
    if (concurrency === 0) return;
    await this.kind.beforeStart?.();
    if (alone) {
      const requeued = await this.kind.requeueStalled(null);
      if (requeued > 0)
        log.warn({ requeued }, `${this.kind.noun}s interrupted by a restart requeued`);
    }
    this.stopped = false;
    this.loops = Array.from({ length: concurrency }, () => this.loop());
    // sweep() logs its own failures.
    this.sweeps = repeatEvery(sweepMs, () => this.sweep(), { onError: () => undefined });
  }

  /**
   * Puts jobs a stopped process left running back in line, then the kind's `afterSweep`.
   * Returns how many were requeued (0 when the sweep failed: it is logged and tried again).
   */
  async sweep(): Promise<number> {
    const { log, now, stalledMs } = this.options;
    try {
      const at = now();
      const requeued = await this.kind.requeueStalled(new Date(at.getTime() - stalledMs));
      if (requeued > 0) {
        log.warn({ requeued }, `${this.kind.noun}s left running by a stopped worker requeued`);
        this.notify();
      }
      await this.kind.afterSweep?.(at);
      return requeued;
    } catch (error) {
      log.warn({ err: error }, `sweeping ${this.kind.noun}s failed`);
      return 0;
    }
  }

  /** Stops taking jobs; running ones are aborted (the kind puts them back in line). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.sweeps?.stop();
    this.notify();
    for (const controller of this.running.values()) controller.abort();
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Wakes idle loops (a job was queued). */
  notify(): void {
    for (const wake of this.sleepers) wake();
  }

  /** Aborts a job running in this process (its row has already been ended by the cancel). */
  cancel(id: string): void {
    this.running.get(id)?.abort();
  }

  private async loop(): Promise<void> {
    const { log, now } = this.options;
    while (!this.stopped) {
      let row: Row | undefined;
      try {
        row = await this.kind.claimNext(now());
      } catch (error) {
        log.warn({ err: error }, `claiming a ${this.kind.noun} failed`);
      }
      if (!row) {
        await this.sleep();
        continue;
      }
      const controller = new AbortController();
      this.running.set(row.id, controller);
      try {
        await this.kind.run(row, {
          signal: controller.signal,
          stopping: () => this.stopped,
          abort: () => controller.abort(),
        });
      } catch (error) {
        // Recording how the job ended failed (a full disk: SQLITE_FULL). The loop goes on; the
        // row stays running, and the sweep puts it back in line once its heartbeat is old.
        log.error(
          { err: error, [this.kind.idField]: row.id },
          `recording the end of a ${this.kind.noun} failed; the sweep will requeue it`,
        );
      } finally {
        this.running.delete(row.id);
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
      const timer = setTimeout(wake, this.options.pollMs ?? POLL_MS);
      this.sleepers.add(wake);
    });
  }
}
