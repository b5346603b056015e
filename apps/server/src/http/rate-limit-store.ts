import { createRequire } from "node:module";
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
} from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.js";

/**
 * Where rate-limit counters live. One process: in its memory. Many API processes (REDIS_URL):
 * in Redis, so a client spreading requests over the processes behind a load balancer meets one
 * limit, not one per process. While Redis is away each process counts in its own memory: the
 * limits loosen to one per process for the outage, but never vanish (an attacker who can make
 * Redis unreachable must not get unlimited sign-in attempts).
 */
export interface RateLimitStore {
  /** @fastify/rate-limit's options for one area (its own counters): "auth", "contact", "v1". */
  pluginOptions(area: string): FastifyRateLimitOptions;
  /**
   * Resolves once the counters can be reached (at once without Redis), or false after
   * `withinMs`. Until then requests are counted in this process's memory: a process waits for
   * it before taking requests, so that its first ones meet the shared limit.
   */
  connected(withinMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createRateLimitStore(
  config: Pick<Config, "redis">,
  log: FastifyBaseLogger,
  { commandTimeoutMs = 500 }: { commandTimeoutMs?: number } = {},
): RateLimitStore {
  if (!config.redis) {
    return {
      pluginOptions: () => ({ global: false }),
      connected: () => Promise.resolve(true),
      close: () => Promise.resolve(),
    };
  }
  const { url, prefix } = config.redis;
  // A counter that cannot be reached answers at once (no offline queue, one retry), and one
  // that hangs gives up after `commandTimeoutMs` (half a second): either way the request is
  // counted locally instead.
  const redis = new Redis(url, {
    connectTimeout: 1_000,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on("error", (error: Error) => log.debug({ err: error }, "redis (rate limits)"));
  const outage = new OutageLog(log);
  return {
    pluginOptions: (area) => ({
      global: false,
      store: redisWithLocalFallback(redis, `${prefix}:rate:${area}:`, outage),
    }),
    connected: (withinMs) => whenReady(redis, withinMs),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** True once ioredis has connected and answered its ready check; false after `withinMs`. */
function whenReady(redis: Redis, withinMs: number): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), withinMs);
    redis.on("ready", onReady);
  });
}

/** A store's answer: requests counted in the window so far, and milliseconds the window has left. */
type Count = { current: number; ttl: number };
type CountCallback = (error: Error | null, result?: Count) => void;

/** What @fastify/rate-limit asks of a store (its README, "Custom store"). */
interface PluginStore {
  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  /** A look without counting (`{ increment: false }`). */
  read(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  /** The store for one route or limiter, with its own options and keys. */
  child(routeOptions: ChildOptions): PluginStore;
}
type ChildOptions = RateLimitOptions & { routeInfo: { method?: string; url?: string } };

// The plugin's own Redis and in-memory stores, so counting is exactly what it was: the same
// Lua script and keys in Redis (processes of an older and a newer release share counters
// during a rolling deploy) and the same LRU in memory. They are not exported by name, hence
// createRequire; the store test fails loudly should a release of the plugin move them.
const require = createRequire(import.meta.url);
const RedisStore = require("@fastify/rate-limit/store/RedisStore.js") as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => PluginStore;
const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => PluginStore;

/** Counts in Redis; when Redis fails a request, counts it in this process's memory instead. */
class FallbackStore implements PluginStore {
  constructor(
    private readonly primary: PluginStore,
    private readonly fallback: PluginStore,
    private readonly outage: OutageLog,
  ) {}

  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.primary.incr(
      key,
      this.orFallback("incr", key, callback, timeWindow, max),
      timeWindow,
      max,
    );
  }

  read(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.primary.read(
      key,
      this.orFallback("read", key, callback, timeWindow, max),
      timeWindow,
      max,
    );
  }

  child(routeOptions: ChildOptions): PluginStore {
    return new FallbackStore(
      this.primary.child(routeOptions),
      this.fallback.child(routeOptions),
      this.outage,
    );
  }

  private orFallback(
    method: "incr" | "read",
    key: string,
    callback: CountCallback,
    timeWindow: number,
    max: number,
  ): CountCallback {
    return (error, result) => {
      if (!error && result) {
        this.outage.ended();
        callback(null, result);
        return;
      }
      this.outage.began(error);
      this.fallback[method](key, callback, timeWindow, max);
    };
  }
}

/** The plugin constructs its store itself (`new store(options)`); this class closes over Redis. */
function redisWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  outage: OutageLog,
): FastifyRateLimitStoreCtor {
  return class {
    constructor(options: RateLimitOptions) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return new FallbackStore(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        outage,
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** One warning when counting falls back to memory, one note when Redis counts again. */
class OutageLog {
  private down = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  began(error: Error | null): void {
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: error },
      "rate limits: Redis unreachable, counting in this process's memory until it is back",
    );
  }

  ended(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info("rate limits: Redis reachable again, counting there");
  }
}
