import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type { SupportEvent } from "@verbatim/contract/api";
import type { Config } from "../config.js";
import { RedisPubSub } from "../jobs/redis-pubsub.js";

/** The channel a user's own stream listens on. */
export const userChannel = (userId: string) => `support:user:${userId}`;
/** The channel every admin's stream listens on. */
export const ADMIN_CHANNEL = "support:admin";

/**
 * Where support events are published and the SSE streams listen (the job events' pattern):
 * inside this process without Redis, over Redis pub/sub when REDIS_URL is set, so a reply
 * taken in by one API process reaches a user whose stream another process holds. Events are
 * live news; the support_messages table is the record.
 */
export interface SupportEventBus {
  publish(channel: string, event: SupportEvent): void;
  subscribe(channel: string, listener: (event: SupportEvent) => void): () => void;
  close(): Promise<void>;
}

/** Support events inside one process. */
class LocalSupportEvents implements SupportEventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(channel: string, event: SupportEvent): void {
    this.emitter.emit(channel, event);
  }

  subscribe(channel: string, listener: (event: SupportEvent) => void): () => void {
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

/** Support events over Redis pub/sub, for every API process of the fleet. */
class RedisSupportEvents implements SupportEventBus {
  constructor(private readonly pubsub: RedisPubSub) {}

  publish(channel: string, event: SupportEvent): void {
    this.pubsub.publish(channel, event);
  }

  subscribe(channel: string, listener: (event: SupportEvent) => void): () => void {
    return this.pubsub.subscribe(channel, (data) => listener(data as SupportEvent));
  }

  close(): Promise<void> {
    return this.pubsub.close();
  }
}

/** Redis pub/sub with REDIS_URL, else in memory. */
export function createSupportEvents(
  config: Pick<Config, "redis">,
  log: FastifyBaseLogger,
): SupportEventBus {
  return config.redis
    ? new RedisSupportEvents(new RedisPubSub(config.redis.url, config.redis.prefix, log))
    : new LocalSupportEvents();
}
