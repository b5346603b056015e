import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import { RedisPubSub } from "../jobs/redis-pubsub.js";
import type { LiveEvent, LiveRun } from "./live-run.js";

// A live session runs in the API process that started it (its speaker's socket must reach that
// process: docs/live.md). Its viewers may reach any API process: with REDIS_URL the running
// process relays what its viewers see over Redis, with the latest state kept beside it (the
// recent finals, the open partial, whether it is paused), and another process follows a
// session it does not run from there. Live news, not state: the database keeps what a session
// captured, and a viewer who misses a message sees the next state in full.

/** Finals a viewer who joins on another process gets first (as a local one: live-run.ts). */
const RECENT_FINALS = 50;
/** How long a session's relayed state is kept after its last event. */
const KEPT_S = 6 * 60 * 60;

type Caption = Extract<LiveEvent, { type: "partial" | "final" }>;

/** What one relayed message holds: the event, and the state after it. */
interface Relayed {
  seq: number;
  event: LiveEvent;
  finals: Caption[];
  partial: Caption | null;
  paused: boolean;
}

/** How viewers in other API processes follow a session. */
export interface LiveBroadcast {
  /** Relays a run's events for viewers on other processes (nothing with one process). */
  relay(run: LiveRun): void;
  /**
   * Follows a session that runs in another process: its state so far, then its events, until
   * `ended`. Undefined when there is no other process to follow (no Redis).
   */
  follow(id: string, listener: (event: LiveEvent) => void): Promise<(() => void) | undefined>;
  close(): Promise<void>;
}

/** One API process: its viewers are its own sessions' (LiveRun.watch). */
class OneProcess implements LiveBroadcast {
  relay(): void {}
  follow(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const channelOf = (id: string) => `live:${id}`;

/** Many API processes over Redis. */
class OverRedis implements LiveBroadcast {
  constructor(private readonly pubsub: RedisPubSub) {}

  relay(run: LiveRun): void {
    let seq = 0;
    let finals: Caption[] = [];
    let partial: Caption | null = null;
    let paused = false;
    // As a local viewer: what the speaker lets viewers see (nothing while paused but the pause).
    run.watch((event) => {
      if (event.type === "final") {
        finals = [...finals, event].slice(-RECENT_FINALS);
        partial = null;
      } else if (event.type === "partial") partial = event;
      else if (event.type === "paused" || event.type === "resumed")
        paused = event.type === "paused";
      const relayed: Relayed = { seq: ++seq, event, finals, partial, paused };
      this.pubsub.publishKept(channelOf(run.id), relayed, KEPT_S);
    });
  }

  async follow(
    id: string,
    listener: (event: LiveEvent) => void,
  ): Promise<(() => void) | undefined> {
    // Subscribed before the state is read, so nothing falls between; what came meanwhile and
    // the state already holds is skipped by its sequence number.
    let seen: number | null = null;
    const early: Relayed[] = [];
    const deliver = (message: Relayed) => {
      if (seen !== null && message.seq <= seen) return;
      seen = message.seq;
      listener(message.event);
    };
    const unsubscribe = this.pubsub.subscribe(channelOf(id), (data) => {
      const message = relayedOf(data);
      if (!message) return;
      if (seen === null) early.push(message);
      else deliver(message);
    });
    const kept = relayedOf(await this.pubsub.recall(channelOf(id)));
    if (kept) {
      if (kept.paused) listener({ type: "paused" });
      else {
        for (const final of kept.finals) listener(final);
        if (kept.partial) listener(kept.partial);
      }
      if (kept.event.type === "ended") listener(kept.event);
    }
    seen = kept?.seq ?? 0;
    for (const message of early) deliver(message);
    return unsubscribe;
  }

  close(): Promise<void> {
    return this.pubsub.close();
  }
}

/** A relayed message as it came over Redis, or undefined when it is not one. */
function relayedOf(data: unknown): Relayed | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const message = data as Partial<Relayed>;
  if (typeof message.seq !== "number" || typeof message.event !== "object") return undefined;
  if (!Array.isArray(message.finals)) return undefined;
  return message as Relayed;
}

/** The broadcast of this set-up: over Redis with REDIS_URL, else one process's own. */
export function createLiveBroadcast(
  config: Pick<Config, "redis">,
  log: FastifyBaseLogger,
): LiveBroadcast {
  return config.redis
    ? new OverRedis(new RedisPubSub(config.redis.url, config.redis.prefix, log))
    : new OneProcess();
}
