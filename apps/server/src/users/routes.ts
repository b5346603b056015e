import { DeleteAccountBody, ErrorResponse } from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser, SESSION_COOKIE } from "../auth/require-user.js";
import { AppError } from "../http/app-error.js";
import { deleteAccount, type AccountServices } from "./delete-account.js";
import { normalizeEmail } from "./repo.js";

/** /api/account: deleting one's own account with all its data. */
export function accountRoutes(services: AccountServices): FastifyPluginAsync {
  return async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    app.delete(
      "/api/account",
      {
        preHandler: requireUser(services),
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
            502: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        if (normalizeEmail(request.body.email) !== normalizeEmail(user.email)) {
          throw new AppError(
            400,
            "CONFIRMATION_MISMATCH",
            "The e-mail address does not match your account.",
          );
        }
        await deleteAccount(services, user);
        reply.header("set-cookie", `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
        return reply.status(204).send(null);
      },
    );
  };
}
