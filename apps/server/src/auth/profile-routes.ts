import {
  EmailChangeBody,
  EmailConfirmBody,
  EmailConfirmed,
  ErrorResponse,
  LanguageBody,
  MailPreferencesBody,
  NameBody,
  OkResponse,
  PasswordChangeBody,
  UserResponse,
} from "@verbatim/contract/api";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
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
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

  app.patch(
    "/api/account/name",
    {
      schema: {
        summary: "Change the display name",
        tags,
        security,
        body: NameBody,
        response: { 200: UserResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) =>
      presentUser(await profile.changeName(ctx, currentUser(request), request.body.name), ctx),
  );

  app.put(
    "/api/account/language",
    {
      schema: {
        summary: "Set the language of the account's e-mails and payment pages",
        tags,
        security,
        body: LanguageBody,
        response: { 200: OkResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => {
      await profile.changeLanguage(ctx, currentUser(request), request.body.language);
      return { ok: true as const };
    },
  );

  app.put(
    "/api/account/mail-preferences",
    {
      schema: {
        summary: "Choose which optional e-mails the account gets",
        description:
          "`commentMails`: one e-mail per batch of comments left through the account's share links (on by default).",
        tags,
        security,
        body: MailPreferencesBody,
        response: { 200: UserResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) =>
      presentUser(
        await profile.changeMailPreferences(ctx, currentUser(request), request.body),
        ctx,
      ),
  );

  app.post(
    "/api/account/email",
    {
      schema: {
        summary: "Ask to change the e-mail address: a confirmation link goes to the new one",
        tags,
        security,
        body: EmailChangeBody,
        response: { 202: OkResponse, ...errors, 409: ErrorResponse },
      },
      preHandler: [signedIn, authRateLimits(app, limits, "email")],
    },
    async (request, reply) => {
      await profile.requestEmailChange(ctx, currentUser(request), request.body);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    "/api/account/email/confirm",
    {
      schema: {
        summary: "Confirm a new e-mail address with the link's token",
        security: [],
        tags,
        body: EmailConfirmBody,
        response: { 200: EmailConfirmed, ...errors, 409: ErrorResponse },
      },
      preHandler: authRateLimits(app, limits, "token"),
    },
    async (request) => {
      const user = await profile.confirmEmailChange(ctx, request.body);
      return { email: user.email };
    },
  );

  app.post(
    "/api/account/password",
    {
      schema: {
        summary: "Change the password (other sessions are signed out)",
        tags,
        security,
        body: PasswordChangeBody,
        response: { 200: OkResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => {
      await profile.changePassword(
        ctx,
        currentUser(request),
        request.sessionTokenHash,
        request.body,
      );
      return { ok: true as const };
    },
  );
}
