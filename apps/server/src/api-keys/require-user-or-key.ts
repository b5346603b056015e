import type { preHandlerAsyncHookHandler } from "fastify";
import type { Db } from "../db/database.js";
import { bearerToken, requireUser } from "../auth/require-user.js";
import { fail } from "../http/app-error.js";
import { API_KEY_PREFIX, authenticateApiKey } from "./api-keys.js";

/**
 * A preHandler for the routes scripts and the CLI call (`verbatim live`, `summarize`, `ask`):
 * the app's session (token or cookie), or an API key as the Bearer token (401 UNAUTHORIZED for
 * an unknown or revoked key). Sets `request.user` as {@link requireUser} does.
 */
export function requireUserOrKey(context: {
  db: Db;
  now?: () => Date;
}): preHandlerAsyncHookHandler {
  const now = context.now ?? (() => new Date());
  const sessionAuth = requireUser({ db: context.db, now });
  return async function (request, reply) {
    const key = bearerToken(request);
    if (key?.startsWith(API_KEY_PREFIX)) {
      const found = await authenticateApiKey(context.db, key, now());
      if (!found) fail("UNAUTHORIZED");
      request.user = found.user;
      return;
    }
    await sessionAuth.call(this, request, reply);
  };
}
