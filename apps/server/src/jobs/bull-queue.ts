import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Queue, WaitingError, Worker, type Job, type JobsOptions } from "bullmq";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { claimJob, failJob } from "./lifecycle/state-machine.js";
import { durationsOf, findTranscription, queueAhead, runningRemainingMs } from "./job-reads.js";
import { isFinal, type TranscriptionRow } from "./job-row.js";
import { FleetRegistry } from "./fleet-registry.js";
import type { JobQueue } from "./job-queue.js";
import { RedisJobEvents } from "./redis-job-events.js";
import { RedisPubSub } from "./redis-pubsub.js";
import { QueueSweeper } from "./queue-sweeper.js";
import { deliveryPriority, priorityOf } from "./queue-order.js";
import {
  failInterrupted,
  runTranscriptionJob,
  startedTooOften,
  type TaskContext,
} from "./transcription-task.js";
import type { StopReason } from "./job-queue.js";

/** The BullMQ queue every API process adds to and every worker process takes from. */
export const QUEUE_NAME = "transcriptions";

/**
 * How a job is delivered: its id is the transcription's (adding it twice is a no-op), and a
 * transient failure (database or Redis restarting) is retried with exponential back-off,
 * 2 s, 4 s, 8 s, 16 s. Problems with the media itself are settled as failed, never retried.
 */
export const DELIVERY: JobsOptions = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: true,
};

interface Delivery {
  id: string;
}

/** The waiting list, next job first: each job's rank and the media ahead of it. */
interface WaitingList {
  rank: Map<string, number>;
  aheadMs: number[];
  runningMs: number;
  fleet: { slots: number; speed: number };
}

/** How long a read of the waiting list serves followers when the queue has not moved. */
const SNAPSHOT_MS = 1_000;

/**
 * Many machines (docs/deployment.md): BullMQ on Redis delivers jobs to worker processes at least
 * once; the jobs table stays the record of every job's state, so a job delivered twice is run
 * by one worker at a time and charged once. Progress goes out over Redis pub/sub, so any API
 * process can stream it. A worker that dies loses its lock and BullMQ hands the job to another
 * (stalled-job recovery); a sweeper re-delivers what Redis lost (a restart without persistence).
 */
export class BullJobQueue implements JobQueue {
  readonly events: RedisJobEvents;
  private readonly pubsub: RedisPubSub;
  private readonly redis: Redis;
  private readonly queue: Queue<Delivery>;
  private readonly fleet: FleetRegistry;
  private readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, AbortController>();
  private readonly task: TaskContext;
  private worker: Worker<Delivery> | undefined;
  private workerRedis: Redis | undefined;
  private sweeper: QueueSweeper | undefined;
  private unsubscribeStop: (() => void) | undefined;
  private snapshot: { at: number; list: Promise<WaitingList> } | undefined;

  constructor(
    private readonly context: { db: Db; config: Config; log: FastifyBaseLogger; now: () => Date },
    private readonly redisConfig: { url: string; prefix: string },
  ) {
    const { log } = context;
    this.pubsub = new RedisPubSub(redisConfig.url, redisConfig.prefix, log);
    this.events = new RedisJobEvents(this.pubsub);
    // First listener: followers told of a move read a fresh list (one read for all of them).
    this.events.onQueueMoved(() => {
      this.snapshot = undefined;
    });
    // Calls from request handlers fail fast while Redis is away instead of hanging the request.
    this.redis = new Redis(redisConfig.url, { maxRetriesPerRequest: 2 });
    this.redis.on("error", (error: Error) => log.debug({ err: error }, "redis connection"));
    this.queue = new Queue<Delivery>(QUEUE_NAME, {
      connection: this.redis,
      prefix: redisConfig.prefix,
    });
    this.queue.on("error", (error: Error) => log.warn({ err: error }, "job queue"));
    this.fleet = new FleetRegistry(this.redis, redisConfig.prefix);
    this.task = { ...context, events: this.events };
  }

  async start(): Promise<void> {
    const { config, log } = this.context;
    const { concurrency, lockMs } = config.workers;
    if (concurrency === 0) return;
    this.unsubscribeStop = this.pubsub.subscribe("stop", (data) => {
      const { jobId, reason } = data as { jobId: string; reason: StopReason };
      this.running.get(jobId)?.abort(reason);
    });
    // BullMQ's workers need a connection that retries for ever (they block on Redis).
    this.workerRedis = new Redis(this.redisConfig.url, { maxRetriesPerRequest: null });
    this.workerRedis.on("error", (error: Error) => log.debug({ err: error }, "redis (worker)"));
    this.worker = new Worker<Delivery>(QUEUE_NAME, (job, token) => this.process(job, token), {
      connection: this.workerRedis,
      prefix: this.redisConfig.prefix,
      concurrency,
      autorun: false,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      maxStalledCount: 2,
    });
    this.worker.on("error", (error: Error) => log.warn({ err: error }, "job worker"));
    this.worker.on("failed", (job, error) => void this.onFailed(job, error));
    this.sweeper = new QueueSweeper({
      ...this.task,
      queue: this.queue,
      fleet: this.fleet,
      lockMs,
      enqueue: (id) => this.add(id),
      lead: async (forMs) =>
        (await this.redis.set(
          `${this.redisConfig.prefix}:sweeper`,
          this.workerId,
          "PX",
          forMs,
          "NX",
        )) === "OK",
      workerId: this.workerId,
      slots: concurrency,
    });
    this.sweeper.start();
    void this.worker
      .run()
      .catch((error: unknown) => log.error({ err: error }, "job worker stopped"));
    log.info(
      { workerId: this.workerId, concurrency },
      `taking jobs from Redis (queue ${this.redisConfig.prefix}:${QUEUE_NAME})`,
    );
  }

  async handBack(): Promise<void> {
    this.unsubscribeStop?.();
    await this.sweeper?.stop();
    if (this.worker) {
      // Stop fetching first, then hand running jobs back; close waits for them.
      const closing = this.worker.close();
      for (const controller of this.running.values())
        controller.abort("shutdown" satisfies StopReason);
      await closing;
      await this.fleet.leave(this.workerId).catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    await this.handBack();
    await this.queue.close().catch(() => undefined);
    await this.pubsub.close();
    for (const client of [this.redis, this.workerRedis]) {
      await client?.quit().catch(() => client.disconnect());
    }
  }

  async enqueued(jobId: string): Promise<void> {
    try {
      await this.add(jobId);
    } catch (error) {
      // The row is queued in the database: a worker's sweeper delivers it once Redis is back.
      this.context.log.warn({ err: error, jobId }, "could not hand the job to Redis yet");
    }
    this.snapshot = undefined;
    this.events.queueMoved();
  }

  stopRunning(jobId: string, reason: StopReason): void {
    const local = this.running.get(jobId);
    if (local) local.abort(reason);
    else this.pubsub.publish("stop", { jobId, reason });
  }

  async position(
    job: Pick<TranscriptionRow, "id" | "created_at">,
  ): Promise<{ position: number; waitSeconds: number | null }> {
    const snapshot = await this.waitingList().catch((error: unknown) => {
      this.context.log.debug({ err: error }, "reading the queue from Redis failed");
      return undefined;
    });
    const index = snapshot?.rank.get(job.id);
    if (!snapshot || index === undefined) {
      // Not in Redis's waiting list (being delivered, retrying, or Redis away): the table says.
      const ahead = await queueAhead(this.context.db, job);
      return { position: ahead.jobs + 1, waitSeconds: null };
    }
    const { fleet } = snapshot;
    const mediaMs = (snapshot.aheadMs[index] ?? 0) + snapshot.runningMs;
    const waitSeconds =
      fleet.slots > 0 ? Math.ceil((mediaMs * fleet.speed) / fleet.slots / 1000) : null;
    return { position: index + 1, waitSeconds };
  }

  /**
   * BullMQ's waiting list with each job's media ahead of it, read once and shared by every
   * follower in this process until the queue moves (or a second passes): the cost of telling
   * followers their place grows with the queue, not with queue × followers.
   */
  private waitingList(): Promise<WaitingList> {
    if (this.snapshot && Date.now() - this.snapshot.at < SNAPSHOT_MS) return this.snapshot.list;
    const list = this.readWaitingList();
    this.snapshot = { at: Date.now(), list };
    list.catch(() => {
      if (this.snapshot?.list === list) this.snapshot = undefined;
    });
    return list;
  }

  private async readWaitingList(): Promise<WaitingList> {
    const { db } = this.context;
    // Workers take from the tail of the `wait` list first (jobs without a priority, e.g. handed
    // back), then the lowest score of the `prioritized` set (priority, then the order added).
    const [plain, prioritized] = await Promise.all([
      this.redis.lrange(this.queue.toKey("wait"), 0, -1),
      this.redis.zrange(this.queue.toKey("prioritized"), "0", "-1"),
    ]);
    const order = [...plain.reverse(), ...prioritized];
    const [durations, runningMs, fleet] = await Promise.all([
      durationsOf(db, order),
      runningRemainingMs(db),
      this.fleet.live().catch(() => ({ slots: 0, speed: 0 })),
    ]);
    const rank = new Map<string, number>();
    const aheadMs: number[] = [];
    let sum = 0;
    order.forEach((id, index) => {
      rank.set(id, index);
      aheadMs.push(sum);
      sum += durations.get(id) ?? 0;
    });
    return { rank, aheadMs, runningMs, fleet };
  }

  async health(): Promise<{ ok: boolean; detail: string; waiting?: number; running?: number }> {
    const { concurrency, threads } = this.context.config.workers;
    const where = `BullMQ on Redis (${this.redisConfig.prefix}:${QUEUE_NAME})`;
    const here =
      concurrency > 0
        ? `${concurrency} worker${concurrency === 1 ? "" : "s"} in this process, ${threads} threads each`
        : `no workers in this process (ROLE=${this.context.config.role})`;
    try {
      const [counts, fleet] = await Promise.all([
        this.queue.getJobCounts("waiting", "prioritized", "active", "delayed"),
        this.fleet.live(),
      ]);
      const waiting = (counts.waiting ?? 0) + (counts.prioritized ?? 0);
      const active = counts.active ?? 0;
      return {
        ok: true,
        detail: `${where}: ${here}; fleet: ${fleet.slots} worker slots, ${waiting} waiting, ${active} running`,
        waiting,
        running: active,
      };
    } catch (error) {
      return { ok: false, detail: `${where}: Redis unreachable (${String(error)})` };
    }
  }

  /** Hands a job to BullMQ with its delivery priority (plan first, then fair share). */
  private async add(id: string): Promise<unknown> {
    const priority = await priorityOf(this.context.db, id).catch((error: unknown) => {
      this.context.log.warn(
        { err: error, jobId: id },
        "no priority for the job; delivering it last",
      );
      return deliveryPriority("free", Number.MAX_SAFE_INTEGER);
    });
    return this.queue.add("transcribe", { id }, { ...DELIVERY, jobId: id, priority });
  }

  private async process(job: Job<Delivery>, token: string | undefined): Promise<string> {
    const { db, log, now } = this.context;
    const id = job.data.id;
    const row = await claimJob(db, id, this.workerId, now());
    if (!row) return "ended"; // cancelled or finished meanwhile: nothing to do
    this.events.queueMoved();
    // The claim counted this start: the rule looks at the starts before it.
    if (startedTooOften({ attempts: row.attempts - 1 })) {
      await failInterrupted(this.task, row);
      return "failed";
    }
    if (row.attempts > 1) log.warn({ jobId: id, attempts: row.attempts }, "running a job again");
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      const outcome = await runTranscriptionJob(this.task, row, controller);
      if (outcome.kind === "completed") {
        await this.fleet
          .measured(this.workerId, this.context.config.workers.concurrency, outcome)
          .catch(() => undefined);
      }
      if (outcome.kind === "handed-back") {
        await job.moveToWait(token);
        throw new WaitingError();
      }
      return outcome.kind;
    } finally {
      this.running.delete(id);
    }
  }

  /** BullMQ gave up on a job (its retries ran out): fail it and release its minutes. */
  private async onFailed(job: Job<Delivery> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const { db, log } = this.context;
    try {
      const state = await job.getState();
      if (["delayed", "waiting", "prioritized", "active"].includes(state)) return; // a retry
      const row = await findTranscription(db, job.data.id);
      if (!row || isFinal(row.status)) return;
      log.error({ err: error, jobId: row.id }, "a job failed after all its retries");
      await failJob(
        this.task,
        row,
        "ENGINE_FAILED",
        "The transcription could not be finished because the service was unavailable. Only audio already transcribed is charged; please try again.",
      );
    } catch (settleError) {
      // The sweeper settles it later from the table.
      log.warn({ err: settleError, jobId: job.data.id }, "settling a failed job failed");
    }
  }
}
