import { randomUUID } from "node:crypto";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { AppError } from "../http/app-error.js";
import type { Mailer } from "../mail/mailer.js";
import { renderMail, type MailTemplate } from "../mail/templates.js";
import { startFreePlan } from "../minutes/minute-ledger.js";
import {
  findUserById,
  findUserBySessionToken,
  findUserWithPasswordByEmail,
  insertUser,
  normalizeEmail,
  setPasswordHash,
  type Locale,
  type User,
} from "../users/repo.js";
import type { BackgroundWork } from "../background-work.js";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.js";
import { checkNewPassword } from "./password-policy.js";
import { findLiveToken, hashToken, issueToken, useAllTokens, useToken } from "./tokens.js";

/** What the account rules need. */
export interface AuthContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  background: BackgroundWork;
  /** The clock; tests may move it. */
  now: () => Date;
}

/** A new session token. */
export interface Session {
  token: string;
  expiresAt: Date;
}

/** The one answer for a wrong e-mail or password, so neither is revealed. */
export const invalidCredentials = () => new AppError("INVALID_CREDENTIALS");

/** A reset or set-up link that is unknown, used or expired. */
export const invalidToken = () => new AppError("INVALID_TOKEN");

/**
 * Creates an account without a password on Free and e-mails a set-up link. An address that
 * already has an account gets an "already registered" e-mail instead; the caller cannot tell.
 * The e-mail goes out off the response path.
 */
export async function registerUser(
  ctx: AuthContext,
  input: { name: string; email: string; language: Locale },
): Promise<void> {
  const { db, now } = ctx;
  const existing = await findUserWithPasswordByEmail(db, input.email);
  if (existing) return sendAlreadyRegistered(ctx, existing.user);
  try {
    const { user, token } = await db.transaction().execute(async (tx) => {
      const at = now();
      const user = await insertUser(
        tx,
        { id: randomUUID(), email: input.email, name: input.name, locale: input.language },
        at,
      );
      await startFreePlan(tx, user.id, at);
      const { token } = await issueToken(tx, user.id, "setup", at);
      return { user, token };
    });
    mailLater(ctx, user, "setup", `/reset-password?token=${token}&setup=true`);
  } catch (error) {
    // Two sign-ups with one address at once: the unique e-mail lets only one in.
    const winner = await findUserWithPasswordByEmail(db, input.email);
    if (!winner) throw error;
    await sendAlreadyRegistered(ctx, winner.user);
  }
}

async function sendAlreadyRegistered(ctx: AuthContext, user: User): Promise<void> {
  const { token } = await issueToken(ctx.db, user.id, "reset", ctx.now());
  mailLater(ctx, user, "already-registered", `/reset-password?token=${token}`);
}

function mailLater(ctx: AuthContext, user: User, template: MailTemplate, path: string) {
  const mail = renderMail(template, user.locale, {
    name: user.name,
    link: `${ctx.config.publicUrl}${path}`,
  });
  ctx.background.run(`${template} e-mail`, () => ctx.mailer.send({ to: user.email, ...mail }));
}

/** Checks the password (always running scrypt, known address or not) and opens a session. */
export async function logIn(
  ctx: AuthContext,
  input: { email: string; password: string },
): Promise<{ user: User; session: Session }> {
  const found = await findUserWithPasswordByEmail(ctx.db, input.email);
  const hash = found?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(input.password, hash);
  if (!found || found.passwordHash === null || !matches) throw invalidCredentials();
  const session = await issueToken(ctx.db, found.user.id, "session", ctx.now());
  return { user: found.user, session };
}

/** The user behind a live session token, and the token's hash; undefined when not live. */
export async function authenticate(
  ctx: Pick<AuthContext, "db" | "now">,
  token: string,
): Promise<{ user: User; tokenHash: string } | undefined> {
  return findUserBySessionToken(ctx.db, hashToken(token), ctx.now());
}

/** Replaces the presented session token with a new one; the old one stops working. */
export async function refreshSession(
  ctx: AuthContext,
  current: { user: User; tokenHash: string },
): Promise<Session> {
  return ctx.db.transaction().execute(async (tx) => {
    const at = ctx.now();
    if (!(await useToken(tx, current.tokenHash, at))) throw invalidToken();
    return issueToken(tx, current.user.id, "session", at);
  });
}

/** Revokes a session token. */
export async function logOut(ctx: AuthContext, tokenHash: string): Promise<void> {
  await useToken(ctx.db, tokenHash, ctx.now());
}

/**
 * E-mails a reset link when the address has an account. All of it runs off the response path,
 * so the answer and its timing are the same either way.
 */
export function requestPasswordReset(ctx: AuthContext, email: string): void {
  ctx.background.run("password reset request", async () => {
    const found = await findUserWithPasswordByEmail(ctx.db, normalizeEmail(email));
    if (!found) return;
    const { token } = await issueToken(ctx.db, found.user.id, "reset", ctx.now());
    mailLater(ctx, found.user, "reset", `/reset-password?token=${token}`);
  });
}

/**
 * Sets the password with a reset or set-up token. The token works once; every other reset and
 * set-up token of the user is spent too, and existing sessions are signed out.
 */
export async function resetPassword(
  ctx: AuthContext,
  input: { token: string; password: string },
): Promise<void> {
  const live = await findLiveToken(ctx.db, input.token, ["reset", "setup"], ctx.now());
  if (!live) throw invalidToken();
  const user = await findUserById(ctx.db, live.userId);
  checkNewPassword(input.password, user ? [user.email, user.name ?? ""] : []);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (tx) => {
    const at = ctx.now();
    if (!(await useToken(tx, live.tokenHash, at))) throw invalidToken();
    await setPasswordHash(tx, live.userId, passwordHash, at);
    await useAllTokens(tx, live.userId, ["reset", "setup", "session"], at);
  });
}
