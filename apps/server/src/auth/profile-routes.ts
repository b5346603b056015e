import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { tableRoute } from "../http/table-route.js";
import { presentUser } from "../users/presenter.js";
import * as profile from "./profile.js";
import { authRateLimits, type AuthRateLimits } from "./rate-limits.js";
import { currentUser } from "./require-user.js";
import type { AuthContext } from "./auth-actions.js";

/**
 * /api/account/name, /api/account/email (+ /confirm) and /api/account/password: changing one's
 * own name, e-mail address (confirmed by a link sent to the new one) and password.
 */
export function registerProfileRoutes(
  parent: FastifyInstance,
  ctx: AuthContext,
  signedIn: preHandlerAsyncHookHandler,
  limits: AuthRateLimits,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["account"];
  const security = [{ bearer: [] }];

  app.route({
    ...tableRoute("changeName", { summary: "Change the display name", tags, security }),
    preHandler: signedIn,
    handler: async (request) =>
      presentUser(await profile.changeName(ctx, currentUser(request), request.body.name), ctx),
  });

  app.route({
    ...tableRoute("setLanguage", {
      summary: "Set the language of the account's e-mails and payment pages",
      tags,
      security,
    }),
    preHandler: signedIn,
    handler: async (request) => {
      await profile.changeLanguage(ctx, currentUser(request), request.body.language);
      return { ok: true as const };
    },
  });

  app.route({
    ...tableRoute("setMailPreferences", {
      summary: "Choose which optional e-mails the account gets",
      description:
        "`commentMails`: one e-mail per batch of comments left through the account's share links (on by default).",
      tags,
      security,
    }),
    preHandler: signedIn,
    handler: async (request) =>
      presentUser(
        await profile.changeMailPreferences(ctx, currentUser(request), request.body),
        ctx,
      ),
  });

  app.route({
    ...tableRoute("changeEmail", {
      summary: "Ask to change the e-mail address: a confirmation link goes to the new one",
      tags,
      security,
    }),
    preHandler: [signedIn, authRateLimits(app, limits, "email")],
    handler: async (request, reply) => {
      await profile.requestEmailChange(ctx, currentUser(request), request.body);
      return reply.status(202).send({ ok: true as const });
    },
  });

  app.route({
    ...tableRoute("confirmEmail", {
      summary: "Confirm a new e-mail address with the link's token",
      security: [],
      tags,
    }),
    preHandler: authRateLimits(app, limits, "token"),
    handler: async (request) => {
      const user = await profile.confirmEmailChange(ctx, request.body);
      return { email: user.email };
    },
  });

  app.route({
    ...tableRoute("changePassword", {
      summary: "Change the password (other sessions are signed out)",
      tags,
      security,
    }),
    preHandler: signedIn,
    handler: async (request) => {
      await profile.changePassword(
        ctx,
        currentUser(request),
        request.sessionTokenHash,
        request.body,
      );
      return { ok: true as const };
    },
  });
}
