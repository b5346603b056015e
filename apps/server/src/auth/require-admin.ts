import type { preHandlerAsyncHookHandler } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import type { User } from "../users/repo.js";
import { requireUser } from "./require-user.js";

/** Whether the user is one of the designated admin accounts (`ADMIN_EMAILS`). */
export function isAdmin(config: Pick<Config, "adminEmails">, user: Pick<User, "email">): boolean {
  return config.adminEmails.includes(user.email.toLowerCase());
}

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
    if (!request.user || !isAdmin(context.config, request.user)) {
      fail("FORBIDDEN");
    }
  };
}
