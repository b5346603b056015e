import type { Language } from "@verbatim/contract";
import type { Transaction } from "kysely";
import { compiledOnce } from "../db/compiled-once.js";
import type { Db } from "../db/database.js";
import type { Database, UsersTable } from "../db/schema.js";

/** The interface language an account chose; e-mails are written in it. */
export type Locale = Language;

/** A user as the rest of the server sees one: never the password hash. */
export interface User {
  id: string;
  email: string;
  name: string | null;
  locale: Locale;
  /** E-mails about comments left through the user's share links (on unless turned off). */
  commentMails: boolean;
  createdAt: string;
}

type Executor = Db | Transaction<Database>;

function toUser(row: UsersTable): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    locale: row.locale === "zh-HK" ? "zh-HK" : "en",
    commentMails: row.comment_mails !== 0,
    createdAt: row.created_at,
  };
}

/** Lower-cases and trims an address, so one mailbox is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user with that id, or undefined. */
export async function findUserById(db: Executor, id: string): Promise<User | undefined> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toUser(row);
}

/** The user with that (normalized) e-mail and their password hash, or undefined. */
export async function findUserWithPasswordByEmail(
  db: Executor,
  email: string,
): Promise<{ user: User; passwordHash: string | null } | undefined> {
  const row = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row && { user: toUser(row), passwordHash: row.password_hash };
}

/** Inserts a user without a password; they set one through the e-mailed set-up link. */
export async function insertUser(
  db: Executor,
  user: { id: string; email: string; name: string; locale: Locale },
  now: Date,
): Promise<User> {
  const at = now.toISOString();
  const row: UsersTable = {
    id: user.id,
    email: normalizeEmail(user.email),
    name: user.name,
    password_hash: null,
    locale: user.locale,
    comment_mails: 1,
    created_at: at,
    updated_at: at,
  };
  await db.insertInto("users").values(row).execute();
  return toUser(row);
}

/** Replaces the user's password hash. */
export async function setPasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: now.toISOString() })
    .where("id", "=", userId)
    .execute();
}

/** What a user may change of their own profile (auth/profile.ts). */
export interface ProfileChanges {
  name?: string;
  locale?: Locale;
  email?: string;
}

/** Turns the e-mails about comments left through the user's share links on or off. */
export async function setCommentMails(
  db: Executor,
  userId: string,
  on: boolean,
  now: Date,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ comment_mails: on ? 1 : 0, updated_at: now.toISOString() })
    .where("id", "=", userId)
    .execute();
}

/** Changes the user's name, language or e-mail address. */
export async function updateProfile(
  db: Executor,
  userId: string,
  changes: ProfileChanges,
  now: Date,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...changes, updated_at: now.toISOString() })
    .where("id", "=", userId)
    .execute();
}

// Every signed-in request asks this: compiled once (db/compiled-once.ts).
const liveSessionUser = compiledOnce((db: Executor, tokenHash: string, nowIso: string) =>
  db
    .selectFrom("auth_tokens")
    .innerJoin("users", "users.id", "auth_tokens.user_id")
    .selectAll("users")
    .where("auth_tokens.token_hash", "=", tokenHash)
    .where("auth_tokens.kind", "=", "session")
    .where("auth_tokens.used_at", "is", null)
    .where("auth_tokens.expires_at", ">", nowIso),
);

/** The user behind a live (unused, unexpired) session token hash, in one query. */
export async function findUserBySessionToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ user: User; tokenHash: string } | undefined> {
  const [row] = await liveSessionUser(db, tokenHash, now.toISOString());
  return row && { user: toUser(row), tokenHash };
}

/** Deletes the account's row (the last step of deleting the account). */
export async function deleteUserRow(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom("users").where("id", "=", userId).execute();
}
