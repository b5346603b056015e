import type { Queue } from "bullmq";
import { RECENT_SETTLEMENT_MS, settleUnsettledJobs } from "./lifecycle/settlement.js";
import { requeueJob } from "./lifecycle/state-machine.js";
import { jobsToSweep } from "./job-reads.js";
import type { FleetRegistry } from "./fleet-registry.js";
import { repeatEvery, type RepeatingPass } from "../schedule/repeat-every.js";
import { failInterrupted, startedTooOften, type TaskContext } from "./transcription-task.js";

/** States in which BullMQ still holds a job and will deliver it. */
const HELD = new Set(["waiting", "active", "delayed", "prioritized", "waiting-children"]);
/** A queued row younger than this may still be on its way to Redis from the API. */
const ADD_GRACE_MS = 5_000;
/** Rows looked at per sweep. */
const BATCH = 500;

interface SweeperContext extends TaskContext {
  queue: Queue;
  fleet: FleetRegistry;
  lockMs: number;
  enqueue: (id: string) => Promise<unknown>;
  /** True when this process may sweep now (one sweeper per interval across the fleet). */
  lead: (forMs: number) => Promise<boolean>;
  /** This worker, and how many jobs it runs at once (reported to the fleet registry). */
  workerId: string;
  slots: number;
}

/**
 * Keeps Redis in step with the jobs table, from every worker process: a job the table says is
 * waiting, or running under a worker that stopped beating, but that BullMQ no longer holds
 * (Redis restarted without persistence, an add that failed while Redis was away, a job BullMQ
 * gave up on while the database was down) is delivered again, or failed with its minutes
 * released when it has been started too often, and a job that ended without its minutes being
 * settled is settled. Adds are idempotent (the job id is the row's),
 * so several sweepers at once would do no harm; still, one worker per interval sweeps (a lock
 * in Redis that expires with the interval, so another takes over when it dies). Every worker
 * reports itself to the fleet registry.
 */
export class QueueSweeper {
  private sweeps: RepeatingPass | undefined;

  constructor(private readonly context: SweeperContext) {}

  start(): void {
    this.sweeps = repeatEvery(this.interval(), () => this.sweep(), {
      onError: (error) => this.context.log.warn({ err: error }, "sweeping the job queue failed"),
      atStart: true,
      holdsProcess: true,
    });
  }

  async stop(): Promise<void> {
    await this.sweeps?.stop();
  }

  private interval(): number {
    return Math.min(15_000, Math.max(2_000, this.context.lockMs));
  }

  /** One pass; returns how many jobs were delivered again or failed. */
  async sweep(): Promise<number> {
    const { db, queue, fleet, log, lockMs, now, workerId, slots } = this.context;
    await fleet.report(workerId, slots).catch(() => undefined);
    if (!(await this.context.lead(this.interval() - 250).catch(() => false))) return 0;
    const at = now().getTime();
    const waitingBefore = new Date(at - ADD_GRACE_MS).toISOString();
    // A running job's heartbeat is written every second; three lock periods of silence
    // means its worker is gone (or cut off from the database).
    const silentBefore = new Date(at - Math.max(10_000, 3 * lockMs)).toISOString();
    const rows = await jobsToSweep(db, { waitingBefore, silentBefore, limit: BATCH });
    // Ended jobs whose minutes were not settled (the database failed in between), lately.
    let settled = await settleUnsettledJobs(db, now(), new Date(at - RECENT_SETTLEMENT_MS));
    for (const row of rows) {
      const state = await queue.getJobState(row.id);
      if (HELD.has(state)) continue;
      if (state !== "unknown") await queue.remove(row.id).catch(() => 0);
      if (row.status === "processing") {
        if (startedTooOften(row)) {
          await failInterrupted(this.context, row);
          settled++;
          continue;
        }
        const requeued = await requeueJob(db, row.id, now(), { workerId: row.worker_id });
        if (!requeued) continue;
      }
      await this.context.enqueue(row.id);
      log.warn({ jobId: row.id, was: row.status }, "delivered a job Redis had lost");
      settled++;
    }
    return settled;
  }
}
