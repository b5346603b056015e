import rateLimit from "@fastify/rate-limit";
import type { RateLimitStore } from "../http/rate-limit-store.js";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { authenticateApiKey } from "../api-keys/api-keys.js";
import type { RateLimitRule } from "../auth/rate-limits.js";
import type { Db } from "../db/database.js";
import type { User } from "../users/repo.js";
import { OpenAIError } from "./errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The API key a /v1 request used, set by {@link requireApiKey}. */
    apiKeyId?: string;
  }
}

/** Per key: generous for scripts, a stop for runaway loops. */
export const DEFAULT_API_RATE_LIMIT: RateLimitRule = { max: 60, windowMs: 60_000 };

/** `vb_AbC…wxyz`: enough to recognise a key in an error, never the whole of it. */
function masked(key: string): string {
  if (key.length <= 12) return `${key.slice(0, 3)}***`;
  return `${key.slice(0, 6)}${"*".repeat(8)}${key.slice(-4)}`;
}

/**
 * A preHandler for /v1: `Authorization: Bearer vb_…` with a live API key (session tokens do
 * not work here), else 401 in OpenAI's shape. Sets `request.user` and `request.apiKeyId`, then
 * counts the request against the key's rate limit (429, type `requests` as OpenAI says it, with Retry-After).
 * Registers @fastify/rate-limit (global: false) in the caller's scope; counters per process, or
 * in Redis shared by every API process when REDIS_URL is set.
 */
export async function requireApiKey(
  app: FastifyInstance,
  context: {
    db: Db;
    now: () => Date;
    publicUrl: string;
    rateLimit?: RateLimitRule;
    rateLimits: RateLimitStore;
  },
): Promise<preHandlerAsyncHookHandler> {
  await app.register(rateLimit, context.rateLimits.pluginOptions("v1"));
  const rule = context.rateLimit ?? DEFAULT_API_RATE_LIMIT;
  const limiter = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `api-key:${request.apiKeyId ?? request.ip}`,
  });
  return async (request, reply) => {
    const header = request.headers.authorization;
    const key = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!key) {
      throw new OpenAIError(
        401,
        "authentication_error",
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY). " +
          `You can create API keys at ${context.publicUrl}/account.`,
        null,
        "missing_api_key",
      );
    }
    const found = await authenticateApiKey(context.db, key, context.now());
    if (!found) {
      throw new OpenAIError(
        401,
        "authentication_error",
        `Incorrect API key provided: ${masked(key)}. You can find your API keys at ${context.publicUrl}/account.`,
        null,
        "invalid_api_key",
      );
    }
    request.user = found.user satisfies User;
    request.apiKeyId = found.keyId;
    const limited = await limiter(request);
    if (!limited.isAllowed && limited.isExceeded) {
      reply.header("retry-after", String(limited.ttlInSeconds));
      throw new OpenAIError(
        429,
        "requests",
        `Rate limit reached for this API key: at most ${rule.max} requests per ${Math.round(rule.windowMs / 1000)} seconds. Please try again in ${limited.ttlInSeconds} seconds.`,
        null,
        "rate_limit_exceeded",
      );
    }
  };
}
