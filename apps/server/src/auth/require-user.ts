import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import type { User } from "../users/repo.js";
import { authenticate } from "./auth-actions.js";

/** Name of the httpOnly cookie that carries the session token for the browser. */
export const SESSION_COOKIE = "verbatim_session";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by {@link requireUser}. */
    user?: User;
    /** SHA-256 of the session token the request presented, set by {@link requireUser}. */
    sessionTokenHash?: string;
  }
}

/** The session token a request presents: `Authorization: Bearer …`, else the session cookie. */
export function presentedToken(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? sessionCookie(request);
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}

/** The session cookie's token (what a browser sends by itself, see cross-site-requests.ts). */
export function sessionCookie(request: FastifyRequest): string | undefined {
  // Parsed here rather than through @fastify/cookie, so routes in any plugin scope can use it.
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE && value.length > 0) {
      try {
        return decodeURIComponent(value.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * A preHandler that lets only signed-in requests through (401 UNAUTHORIZED otherwise) and sets
 * `request.user`. Add it to any route: `{ preHandler: requireUser({ db }) }`.
 */
export function requireUser(context: { db: Db; now?: () => Date }): preHandlerAsyncHookHandler {
  const ctx = { db: context.db, now: context.now ?? (() => new Date()) };
  return async (request) => {
    const token = presentedToken(request);
    const found = token ? await authenticate(ctx, token) : undefined;
    if (!found) fail("UNAUTHORIZED");
    request.user = found.user;
    request.sessionTokenHash = found.tokenHash;
  };
}

/** The signed-in user of a request that passed {@link requireUser}. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) fail("UNAUTHORIZED");
  return request.user;
}
