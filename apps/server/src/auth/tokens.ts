import { createHash, randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "../db/database.js";
import type { Database } from "../db/schema.js";

/** What a token is for; each kind has its own lifetime. */
export type TokenKind = "session" | "reset" | "setup" | "email-change";

const DAY = 24 * 60 * 60 * 1000;

/** How long each kind of token stays valid (sessions 90 days). */
export const TOKEN_LIFETIME_MS: Readonly<Record<TokenKind, number>> = {
  session: 90 * DAY,
  reset: 60 * 60 * 1000,
  setup: 7 * DAY,
  /** A link to confirm a new e-mail address. */
  "email-change": DAY,
};

type Executor = Db | Transaction<Database>;

/** SHA-256 of a token, base64url: the only form a token is stored in. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * Creates a 256-bit random token of that kind for the user; returns it and its expiry. With
 * `boundTo`, the stored hash covers the token and that value together (see {@link boundToken}),
 * so the token is only valid presented with it.
 */
export async function issueToken(
  db: Executor,
  userId: string,
  kind: TokenKind,
  now: Date,
  boundTo?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const random = randomBytes(32).toString("base64url");
  const token = boundTo === undefined ? random : boundToken(random, boundTo);
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]);
  await db
    .insertInto("auth_tokens")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      kind,
      expires_at: expiresAt.toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { token: random, expiresAt };
}

/**
 * A token bound to a value (an e-mail change's new address): what is hashed and looked up is
 * the token and the value together, so a link whose address was altered matches nothing.
 */
export function boundToken(token: string, value: string): string {
  return `${token}\n${value}`;
}

/** The user id and kind of a token that is unused and unexpired, among the given kinds. */
export async function findLiveToken(
  db: Executor,
  token: string,
  kinds: readonly TokenKind[],
  now: Date,
): Promise<{ tokenHash: string; userId: string; kind: TokenKind } | undefined> {
  const row = await db
    .selectFrom("auth_tokens")
    .select(["token_hash", "user_id", "kind"])
    .where("token_hash", "=", hashToken(token))
    .where("kind", "in", kinds)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row && { tokenHash: row.token_hash, userId: row.user_id, kind: row.kind as TokenKind };
}

/** Marks one token used (or revoked); false when it was already, so a token works only once. */
export async function useToken(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("auth_tokens")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks every still-unused token of those kinds of the user used. */
export async function useAllTokens(
  db: Executor,
  userId: string,
  kinds: readonly TokenKind[],
  now: Date,
): Promise<void> {
  await db
    .updateTable("auth_tokens")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("kind", "in", kinds)
    .where("used_at", "is", null)
    .execute();
}

/** Ends every session of the user but the one whose hash is `keepHash` (a password change). */
export async function endOtherSessions(
  db: Executor,
  userId: string,
  keepHash: string | undefined,
  now: Date,
): Promise<void> {
  let others = db
    .updateTable("auth_tokens")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("kind", "=", "session")
    .where("used_at", "is", null);
  if (keepHash) others = others.where("token_hash", "!=", keepHash);
  await others.execute();
}

/** Deletes every token of a user (sessions, links): their account is going. */
export async function deleteTokensOf(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom("auth_tokens").where("user_id", "=", userId).execute();
}
