import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { presentUser } from "../users/presenter.js";
import { authRateLimits, DEFAULT_AUTH_RATE_LIMITS } from "./rate-limits.js";
import { currentUser, presentedToken, requireUser, SESSION_COOKIE } from "./require-user.js";
import {
  ErrorResponse,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  OkResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  SessionResponse,
  UserResponse,
} from "@verbatim/contract/api";
import * as auth from "./auth-actions.js";
import { requestLanguage } from "../http/request-language.js";
import { dummyPasswordHash } from "./password.js";
import { registerProfileRoutes } from "./profile-routes.js";
import { hashToken } from "./tokens.js";
import type { AuthOptions } from "./auth-options.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";

/** /api/auth/*: register, login, me, refresh, logout, forgot and reset password. */
export function authRoutes(
  appContext: auth.AuthContext & { auth: AuthOptions; rateLimits: RateLimitStore },
): FastifyPluginAsync {
  return async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const limits = appContext.auth.rateLimits ?? DEFAULT_AUTH_RATE_LIMITS;
    // Token lifetimes run on the auth clock, which tests may set apart from the app's.
    const ctx: auth.AuthContext = {
      ...appContext,
      now: appContext.auth.now ?? appContext.now,
    };
    await dummyPasswordHash(); // ready before the first login with an unknown address
    await app.register(cookie);
    await app.register(rateLimit, appContext.rateLimits.pluginOptions("auth"));

    const signedIn = requireUser(ctx);
    const secure = appContext.config.publicUrl.startsWith("https:");
    const setSessionCookie = (reply: FastifyReply, session: auth.Session) =>
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        expires: session.expiresAt,
      });
    const sessionBody = (session: auth.Session) => ({
      token: session.token,
      tokenExpiration: session.expiresAt.toISOString(),
    });
    const tags = ["auth"];
    const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

    app.post(
      "/api/auth/register",
      {
        schema: {
          summary: "Create an account; a set-up link is e-mailed",
          security: [],
          tags,
          body: RegisterBody,
          response: { 200: RegisterResponse, ...errors },
        },
        preHandler: authRateLimits(app, limits, "email"),
      },
      async (request) => {
        await auth.registerUser(ctx, {
          ...request.body,
          language: request.body.language ?? requestLanguage(request),
        });
        return { emailSent: true as const };
      },
    );

    app.post(
      "/api/auth/login",
      {
        schema: {
          summary: "Sign in with e-mail and password",
          security: [],
          tags,
          body: LoginBody,
          response: { 200: LoginResponse, ...errors },
        },
        preHandler: authRateLimits(app, limits, "email"),
      },
      async (request, reply) => {
        const { user, session } = await auth.logIn(ctx, request.body);
        setSessionCookie(reply, session);
        return { ...sessionBody(session), user: await presentUser(user, ctx) };
      },
    );

    app.get(
      "/api/auth/me",
      {
        schema: {
          summary: "The signed-in user with their minutes",
          tags,
          security: [{ bearer: [] }],
          response: { 200: UserResponse, 401: ErrorResponse },
        },
        preHandler: signedIn,
      },
      async (request) => presentUser(currentUser(request), ctx),
    );

    app.post(
      "/api/auth/refresh",
      {
        schema: {
          summary: "Exchange the session token for a new one",
          tags,
          security: [{ bearer: [] }],
          response: { 200: SessionResponse, ...errors },
        },
        preHandler: signedIn,
      },
      async (request, reply) => {
        const user = currentUser(request);
        const tokenHash = request.sessionTokenHash ?? "";
        const session = await auth.refreshSession(ctx, { user, tokenHash });
        setSessionCookie(reply, session);
        return sessionBody(session);
      },
    );

    app.post(
      "/api/auth/logout",
      {
        schema: {
          summary: "Sign out: the session token stops working (succeeds even without one)",
          tags,
          security: [{ bearer: [] }],
          response: { 200: OkResponse },
        },
      },
      async (request, reply) => {
        const token = presentedToken(request);
        if (token) await auth.logOut(ctx, hashToken(token));
        reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
        return { ok: true as const };
      },
    );

    app.post(
      "/api/auth/forgot-password",
      {
        schema: {
          summary: "E-mail a password reset link (same answer whether or not the account exists)",
          security: [],
          tags,
          body: ForgotPasswordBody,
          response: { 200: OkResponse, ...errors },
        },
        preHandler: authRateLimits(app, limits, "email"),
      },
      async (request) => {
        auth.requestPasswordReset(ctx, request.body.email);
        return { ok: true as const };
      },
    );

    app.post(
      "/api/auth/reset-password",
      {
        schema: {
          summary: "Set a new password with the token from a reset or set-up link",
          security: [],
          tags,
          body: ResetPasswordBody,
          response: { 200: OkResponse, ...errors },
        },
        preHandler: authRateLimits(app, limits, "token"),
      },
      async (request) => {
        await auth.resetPassword(ctx, request.body);
        return { ok: true as const };
      },
    );

    registerProfileRoutes(app, ctx, signedIn, limits);
  };
}
