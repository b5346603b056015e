import type { preHandlerAsyncHookHandler } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { actorOf } from "../policies/actor.js";
import { adminArea, can } from "../policies/policies.js";
import { requireUser } from "./require-user.js";

/**
 * A preHandler that lets only admins through: 401 UNAUTHORIZED when not signed in, 403
 * FORBIDDEN for any other account. Sets `request.user` like {@link requireUser}.
 */
export function requireAdmin(context: {
  db: Db;
  config: Pick<Config, "adminEmails">;
  now?: () => Date;
}): preHandlerAsyncHookHandler {
  const signedIn = requireUser(context);
  return async function (request, reply) {
    await signedIn.call(this, request, reply);
    if (!request.user || !can(actorOf(request.user, context.config), "enter", adminArea)) {
      fail("FORBIDDEN");
    }
  };
}
