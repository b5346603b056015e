import type { FastifyRateLimitOptions } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.js";

/**
 * Where rate-limit counters live. One process: in its memory. Many API processes (REDIS_URL):
 * in Redis, so a client spreading requests over the processes behind a load balancer meets one
 * limit, not one per process. While Redis is away, requests are let through rather than failed.
 */
export interface RateLimitStore {
  /** @fastify/rate-limit's options for one area (its own counters): "auth", "contact", "v1". */
  pluginOptions(area: string): FastifyRateLimitOptions;
  close(): Promise<void>;
}

export function createRateLimitStore(
  config: Pick<Config, "redis">,
  log: FastifyBaseLogger,
): RateLimitStore {
  if (!config.redis) {
    return { pluginOptions: () => ({ global: false }), close: () => Promise.resolve() };
  }
  const { url, prefix } = config.redis;
  // A counter that cannot be reached answers at once (no offline queue, one retry).
  const redis = new Redis(url, {
    connectTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on("error", (error: Error) => log.debug({ err: error }, "redis (rate limits)"));
  return {
    pluginOptions: (area) => ({
      global: false,
      redis,
      nameSpace: `${prefix}:rate:${area}:`,
      skipOnError: true,
    }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
