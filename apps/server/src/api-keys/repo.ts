import type { Db } from "../db/database.js";
import type { ApiKeysTable } from "../db/schema.js";
import type { User } from "../users/repo.js";

/** A key as its owner sees it in lists: never its hash. */
export type ApiKeyRow = Pick<
  ApiKeysTable,
  "id" | "name" | "prefix" | "created_at" | "last_used_at"
>;

export async function insertApiKey(db: Db, row: ApiKeysTable): Promise<void> {
  await db.insertInto("api_keys").values(row).execute();
}

/** The user's keys that still work, newest first. */
export async function listLiveApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom("api_keys")
    .select(["id", "name", "prefix", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** How many of the user's keys still work. */
export async function countLiveApiKeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("api_keys")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Revokes one of the user's live keys; false when they have no such live key. */
/** A live key's owner, by id (who may revoke it is the policies' question). */
export async function findLiveApiKey(
  db: Db,
  id: string,
): Promise<{ id: string; user_id: string } | undefined> {
  return db
    .selectFrom("api_keys")
    .select(["id", "user_id"])
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

export async function revokeApiKey(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("api_keys")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The owner of a live key with that hash, and the key's id and last use, in one query. */
export async function findUserByApiKeyHash(
  db: Db,
  keyHash: string,
): Promise<{ user: User; keyId: string; lastUsedAt: string | null } | undefined> {
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("users", "users.id", "api_keys.user_id")
    .select([
      "api_keys.id as key_id",
      "api_keys.last_used_at",
      "users.id",
      "users.email",
      "users.name",
      "users.locale",
      "users.comment_mails",
      "users.created_at",
    ])
    .where("api_keys.key_hash", "=", keyHash)
    .where("api_keys.revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    keyId: row.key_id,
    lastUsedAt: row.last_used_at,
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      locale: row.locale === "zh-HK" ? "zh-HK" : "en",
      commentMails: row.comment_mails !== 0,
      createdAt: row.created_at,
    },
  };
}

export async function setApiKeyLastUsed(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable("api_keys")
    .set({ last_used_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}
