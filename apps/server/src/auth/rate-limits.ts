import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError } from "../http/app-error.js";
import { normalizeEmail } from "../users/repo.js";
import { currentUser } from "./require-user.js";
import { hashToken } from "./tokens.js";

/** At most `max` requests per `windowMs`. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Limits on the sign-in routes, per client address and per e-mail address (or reset token). */
export interface AuthRateLimits {
  perIp: RateLimitRule;
  /**
   * Per e-mail address (or token). With `perAccount` set, counted per address *and* client,
   * so someone else's guesses from elsewhere do not lock the owner out.
   */
  perEmail: RateLimitRule;
  /** Per e-mail address from all clients together: the ceiling on guessing one password. */
  perAccount?: RateLimitRule;
}

/** Generous for people, tight for password guessing and mail bombing. */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  perIp: { max: 30, windowMs: 10 * 60 * 1000 },
  perEmail: { max: 10, windowMs: 10 * 60 * 1000 },
  perAccount: { max: 100, windowMs: 10 * 60 * 1000 },
};

/** The value of a string field of a JSON body, if any. */
function bodyField(request: FastifyRequest, field: string): string {
  const body = request.body;
  if (typeof body !== "object" || body === null) return "";
  const value: unknown = (body as Record<string, unknown>)[field];
  return typeof value === "string" ? value : "";
}

/** "Too many attempts…", with the wait (Retry-After) for clients that can act on it. */
function tooMany(seconds: number): AppError {
  return new AppError("RATE_LIMITED", { retryAfterSeconds: seconds });
}

/**
 * A preHandler counting requests per client IP and per e-mail in the body (per reset token
 * when the body has none; per signed-in account for `user`, after `requireUser`); over either limit → 429 RATE_LIMITED with Retry-After. Each route
 * gets counters of its own (keys start with the route's path: a shared Redis store keeps one
 * namespace per plugin). Runs after body validation, so the e-mail is there. Needs
 * @fastify/rate-limit registered (global: false), with a Redis store when REDIS_URL is set.
 */
export function authRateLimits(
  app: FastifyInstance,
  limits: AuthRateLimits,
  field: "email" | "token" | "user",
): preHandlerAsyncHookHandler {
  const perIp = app.createRateLimit({
    max: limits.perIp.max,
    timeWindow: limits.perIp.windowMs,
    keyGenerator: (request) => `${request.routeOptions.url}|ip|${request.ip}`,
  });
  const subjectOf = (request: FastifyRequest) => {
    const value = field === "user" ? currentUser(request).id : bodyField(request, field);
    const subject =
      field === "email" ? normalizeEmail(value) : field === "user" ? value : hashToken(value);
    return `${request.routeOptions.url}|${field}|${subject}`;
  };
  const perAccountRule = limits.perAccount;
  const perSubject = app.createRateLimit({
    max: limits.perEmail.max,
    timeWindow: limits.perEmail.windowMs,
    keyGenerator: (request) =>
      perAccountRule ? `${subjectOf(request)}|ip|${request.ip}` : subjectOf(request),
  });
  const perAccount = perAccountRule
    ? app.createRateLimit({
        max: perAccountRule.max,
        timeWindow: perAccountRule.windowMs,
        keyGenerator: (request) => `${subjectOf(request)}|all`,
      })
    : null;
  const limiters = perAccount ? [perIp, perSubject, perAccount] : [perIp, perSubject];
  return async (request, reply) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", String(result.ttlInSeconds));
        throw tooMany(result.ttlInSeconds);
      }
    }
  };
}
