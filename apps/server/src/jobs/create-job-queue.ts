// The factory that builds the job queue a process uses: BullMQ on Redis, or the embedded queue
// over the jobs table. Only the composition root (app-context.ts) imports it; everything else
// sees the interface (job-queue.ts).
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { BullJobQueue } from "./bull-queue.js";
import { EmbeddedJobQueue } from "./embedded-queue.js";
import type { JobQueue } from "./job-queue.js";

/** What the factory is given. */
export interface JobQueueContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Runs after a job of this process's workers completed (its row settled). */
  afterCompleted?: (jobId: string) => Promise<void>;
}

/** BullMQ on Redis when REDIS_URL is set, else the embedded queue over the jobs table. */
export function createJobQueue(context: JobQueueContext): JobQueue {
  const full = { ...context, now: context.now ?? (() => new Date()) };
  return context.config.redis
    ? new BullJobQueue(full, context.config.redis)
    : new EmbeddedJobQueue(full);
}
