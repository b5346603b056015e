import rateLimit from "@fastify/rate-limit";
import { DeleteAccountBody, ErrorResponse } from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { confirmPassword } from "../auth/profile.js";
import { authRateLimits, DEFAULT_AUTH_RATE_LIMITS } from "../auth/rate-limits.js";
import { currentUser, requireUser, SESSION_COOKIE } from "../auth/require-user.js";
import { fail } from "../http/app-error.js";
import { deleteAccount, type AccountContext } from "./delete-account.js";
import { normalizeEmail } from "./repo.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";
import type { AuthOptions } from "../auth/auth-options.js";

/**
 * /api/account: deleting one's own account with all its data, confirmed with the password
 * (guesses limited as sign-in's are: per client address and per account).
 */
export function accountRoutes(
  ctx: AccountContext & { rateLimits: RateLimitStore; auth: AuthOptions },
): FastifyPluginAsync {
  return async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    await app.register(rateLimit, ctx.rateLimits.pluginOptions("account"));
    const limits = ctx.auth.rateLimits ?? DEFAULT_AUTH_RATE_LIMITS;
    app.delete(
      "/api/account",
      {
        preHandler: [requireUser(ctx), authRateLimits(app, limits, "user")],
        schema: {
          summary:
            "Delete the signed-in account now: transcriptions, media, uploads, sessions, minutes, subscription (cancelled at the provider) and the user",
          tags: ["account"],
          security: [{ bearer: [] }],
          body: DeleteAccountBody,
          response: {
            204: z.null(),
            400: ErrorResponse,
            401: ErrorResponse,
            429: ErrorResponse,
            502: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { email, password } = request.body;
        if (email !== undefined && normalizeEmail(email) !== normalizeEmail(user.email)) {
          fail("CONFIRMATION_MISMATCH");
        }
        await confirmPassword(ctx, user, password);
        await deleteAccount(ctx, user);
        reply.header("set-cookie", `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
        return reply.status(204).send(null);
      },
    );
  };
}
