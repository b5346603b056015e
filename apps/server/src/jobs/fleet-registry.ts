import type { Redis } from "ioredis";
import { INITIAL_SPEED, ProcessingSpeed } from "./processing-speed.js";

/** A worker process that has not reported for this long is taken to be gone. */
const LIVE_MS = 30_000;

interface WorkerReport {
  slots: number;
  /** Processing milliseconds per millisecond of media (moving average). */
  speed: number;
  at: number;
}

/**
 * What the worker fleet can do, kept in one Redis hash: each worker process reports its slots
 * and measured speed, so any API process can estimate a queued job's wait.
 */
export class FleetRegistry {
  private readonly key: string;
  private readonly speed = new ProcessingSpeed();

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.key = `${prefix}:workers`;
  }

  /** This worker is alive with `slots` (called every few seconds). */
  async report(workerId: string, slots: number): Promise<void> {
    const report: WorkerReport = { slots, speed: this.speed.value, at: Date.now() };
    await this.redis.hset(this.key, workerId, JSON.stringify(report));
  }

  /** A job completed here: fold its speed into the average and report it. */
  async measured(
    workerId: string,
    slots: number,
    run: { mediaMs: number; tookMs: number },
  ): Promise<void> {
    if (this.speed.record(run)) await this.report(workerId, slots);
  }

  async leave(workerId: string): Promise<void> {
    await this.redis.hdel(this.key, workerId);
  }

  /** Slots of the live workers and their mean speed (weighted by slots). */
  async live(): Promise<{ slots: number; speed: number }> {
    const all = await this.redis.hgetall(this.key);
    const now = Date.now();
    let slots = 0;
    let weighted = 0;
    for (const [workerId, json] of Object.entries(all)) {
      const report = JSON.parse(json) as WorkerReport;
      if (now - report.at > LIVE_MS) {
        if (now - report.at > 10 * LIVE_MS) void this.redis.hdel(this.key, workerId);
        continue;
      }
      slots += report.slots;
      weighted += report.speed * report.slots;
    }
    return { slots, speed: slots > 0 ? weighted / slots : INITIAL_SPEED };
  }
}
