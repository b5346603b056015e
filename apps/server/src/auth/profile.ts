import { AppError, fail } from "../http/app-error.js";
import { renderMail } from "../mail/templates.js";
import {
  findUserById,
  findUserWithPasswordByEmail,
  normalizeEmail,
  setCommentMails,
  setPasswordHash,
  updateProfile,
  type Locale,
  type User,
} from "../users/repo.js";
import { invalidToken, type AuthContext } from "./auth-actions.js";
import { hashPassword, verifyPassword } from "./password.js";
import { checkNewPassword } from "./password-policy.js";
import {
  boundToken,
  endOtherSessions,
  findLiveToken,
  issueToken,
  useAllTokens,
  useToken,
} from "./tokens.js";

// Changing one's own name, e-mail address (confirmed from the new address) and password.

const wrongPassword = () => new AppError("WRONG_PASSWORD");

/** The password check for a change: an account still without a password cannot make one. */
export async function confirmPassword(ctx: Pick<AuthContext, "db">, user: User, password: string) {
  const found = await findUserWithPasswordByEmail(ctx.db, user.email);
  if (!found?.passwordHash || !(await verifyPassword(password, found.passwordHash))) {
    throw wrongPassword();
  }
}

/** Sets the display name (trimmed, 1–100 characters). */
export async function changeName(ctx: AuthContext, user: User, name: string): Promise<User> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100) {
    fail("INVALID_NAME");
  }
  await updateProfile(ctx.db, user.id, { name: trimmed }, ctx.now());
  return { ...user, name: trimmed };
}

/** Sets the language the account's e-mails (and hosted pages) are written in. */
export async function changeLanguage(
  ctx: AuthContext,
  user: User,
  language: Locale,
): Promise<void> {
  await updateProfile(ctx.db, user.id, { locale: language }, ctx.now());
}

/** Turns the e-mails about comments left through the account's share links on or off. */
export async function changeMailPreferences(
  ctx: AuthContext,
  user: User,
  preferences: { commentMails: boolean },
): Promise<User> {
  await setCommentMails(ctx.db, user.id, preferences.commentMails, ctx.now());
  return { ...user, commentMails: preferences.commentMails };
}

/**
 * Starts an e-mail change: checks the password and that no account has the new address, then
 * e-mails a confirmation link (in the user's language) to the new address. The address changes
 * only when that link is used; the link carries the address and is bound to it.
 */
export async function requestEmailChange(
  ctx: AuthContext,
  user: User,
  input: { email: string; password: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  if (email === normalizeEmail(user.email)) {
    fail("SAME_EMAIL");
  }
  await confirmPassword(ctx, user, input.password);
  if (await findUserWithPasswordByEmail(ctx.db, email)) {
    fail("EMAIL_TAKEN");
  }
  const { token } = await issueToken(ctx.db, user.id, "email-change", ctx.now(), email);
  const link = `${ctx.config.publicUrl}/confirm-email?${new URLSearchParams({ token, email })}`;
  const mail = renderMail("email-change", user.locale, { name: user.name, link });
  ctx.background.run("e-mail change confirmation", () => ctx.mailer.send({ to: email, ...mail }));
}

/** Uses a confirmation link: the account's address becomes the new one (once). */
export async function confirmEmailChange(
  ctx: AuthContext,
  input: { token: string; email: string },
): Promise<User> {
  const email = normalizeEmail(input.email);
  const now = ctx.now();
  const live = await findLiveToken(ctx.db, boundToken(input.token, email), ["email-change"], now);
  if (!live) throw invalidToken();
  const previous = await findUserById(ctx.db, live.userId);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      if (!(await useToken(tx, live.tokenHash, now))) throw invalidToken();
      await updateProfile(tx, live.userId, { email }, now);
      // Other pending changes (to other addresses) are void now.
      await useAllTokens(tx, live.userId, ["email-change"], now);
    });
  } catch (error) {
    // The address was taken since the link was sent (the unique e-mail refuses it).
    const owner = await findUserWithPasswordByEmail(ctx.db, email);
    if (owner && owner.user.id !== live.userId) {
      fail("EMAIL_TAKEN");
    }
    throw error;
  }
  const user = await findUserById(ctx.db, live.userId);
  if (!user) throw invalidToken();
  if (previous && previous.email !== user.email) {
    // The old address hears of it, so a hijacked session cannot move the account away unseen.
    const notice = renderMail("email-changed", user.locale, {
      name: user.name,
      link: `${ctx.config.publicUrl}/contact`,
      detail: user.email,
    });
    ctx.background.run("e-mail change notice", () =>
      ctx.mailer.send({ to: previous.email, ...notice }),
    );
  }
  return user;
}

/**
 * Changes the password after checking the current one. Every other session, and any reset or
 * set-up link, stops working; the session making the change stays signed in.
 */
export async function changePassword(
  ctx: AuthContext,
  user: User,
  currentSessionHash: string | undefined,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await confirmPassword(ctx, user, input.currentPassword);
  checkNewPassword(input.newPassword, [user.email, user.name ?? ""]);
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    await useAllTokens(tx, user.id, ["reset", "setup", "email-change"], now);
    await endOtherSessions(tx, user.id, currentSessionHash, now);
  });
  const notice = renderMail("password-changed", user.locale, {
    name: user.name,
    link: `${ctx.config.publicUrl}/forgot-password`,
  });
  ctx.background.run("password change notice", () =>
    ctx.mailer.send({ to: user.email, ...notice }),
  );
}
