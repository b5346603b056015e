import { createHash, randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "../db/database.js";
import type { Database } from "../db/schema.js";

/** What a token is for; each kind has its own lifetime. */
export type TokenKind = "session" | "reset" | "setup";

const DAY = 24 * 60 * 60 * 1000;

/** How long each kind of token stays valid (sessions 90 days). */
export const TOKEN_LIFETIME_MS: Readonly<Record<TokenKind, number>> = {
  session: 90 * DAY,
  reset: 60 * 60 * 1000,
  setup: 7 * DAY,
};

type Executor = Db | Transaction<Database>;

/** SHA-256 of a token, base64url: the only form a token is stored in. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Creates a 256-bit random token of that kind for the user; returns it and its expiry. */
export async function issueToken(
  db: Executor,
  userId: string,
  kind: TokenKind,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
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
  return { token, expiresAt };
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
