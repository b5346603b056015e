import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * Redis pub/sub for every process of the fleet: one connection publishes, one listens. A
 * channel is subscribed while this process has listeners on it, so an API process only hears
 * about the jobs its clients follow. Publishing never waits for a lost connection (messages
 * are live progress, not state: the database holds the state); ioredis re-subscribes after a
 * reconnect.
 */
export class RedisPubSub {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly local = new EventEmitter();

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.local.setMaxListeners(0);
    this.publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    for (const client of [this.publisher, this.subscriber]) {
      client.on("error", (error: Error) => log.debug({ err: error }, "redis pub/sub connection"));
    }
    this.subscriber.on("message", (channel: string, message: string) => {
      let data: unknown;
      try {
        data = JSON.parse(message);
      } catch {
        return;
      }
      this.local.emit(channel, data);
    });
  }

  publish(channel: string, data: unknown): void {
    this.publisher.publish(this.key(channel), JSON.stringify(data)).catch((error: unknown) => {
      this.log.warn({ err: error, channel }, "publishing to redis failed");
    });
  }

  /**
   * Publishes `data` and keeps it as the channel's latest for `ttlS` seconds, for a listener
   * that subscribes later (recall): live news that a late follower must still see once.
   */
  publishKept(channel: string, data: unknown, ttlS: number): void {
    const message = JSON.stringify(data);
    this.publisher
      .multi()
      .set(this.key(`kept:${channel}`), message, "EX", ttlS)
      .publish(this.key(channel), message)
      .exec()
      .catch((error: unknown) => {
        this.log.warn({ err: error, channel }, "publishing to redis failed");
      });
  }

  /** The latest data publishKept kept on a channel, or undefined (none, expired, Redis away). */
  async recall(channel: string): Promise<unknown> {
    const kept = await this.publisher.get(this.key(`kept:${channel}`)).catch(() => null);
    if (kept === null) return undefined;
    try {
      return JSON.parse(kept) as unknown;
    } catch {
      return undefined;
    }
  }

  subscribe(channel: string, listener: (data: unknown) => void): () => void {
    const key = this.key(channel);
    if (this.local.listenerCount(key) === 0) {
      this.subscriber.subscribe(key).catch((error: unknown) => {
        this.log.warn({ err: error, channel }, "subscribing to redis failed");
      });
    }
    this.local.on(key, listener);
    return () => {
      this.local.off(key, listener);
      if (this.local.listenerCount(key) === 0) {
        this.subscriber.unsubscribe(key).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
    await Promise.all([
      this.publisher.quit().catch(() => this.publisher.disconnect()),
      this.subscriber.quit().catch(() => this.subscriber.disconnect()),
    ]);
  }

  private key(channel: string): string {
    return `${this.prefix}:${channel}`;
  }
}
