import { randomBytes, randomUUID } from "node:crypto";
import { MAX_API_KEYS } from "@verbatim/contract";
import type { ApiKeyListing as ApiKeyListingSchema } from "@verbatim/contract/api";
import { z } from "zod";
import { hashToken } from "../auth/tokens.js";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { actorOf } from "../policies/actor.js";
import { authorize } from "../policies/authorize.js";
import { apiKey } from "../policies/policies.js";
import type { User } from "../users/repo.js";
import {
  countLiveApiKeys,
  findLiveApiKey,
  findUserByApiKeyHash,
  insertApiKey,
  listLiveApiKeys,
  revokeApiKey,
  setApiKeyLastUsed,
  type ApiKeyRow,
} from "./repo.js";

/** Every key starts with this, so a key is easy to recognise (and to find in leaked text). */
export const API_KEY_PREFIX = "vb_";

/** How many characters of a key lists show: `vb_` and 8 more. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8;

/** Writes `last_used_at` at most this often per key, so busy keys do not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A key as its owner sees it in lists. */
export type ApiKeyListing = z.output<typeof ApiKeyListingSchema>;

function present(row: ApiKeyRow): ApiKeyListing {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The user's keys that still work, newest first. */
export async function listApiKeys(db: Db, user: User): Promise<ApiKeyListing[]> {
  return (await listLiveApiKeys(db, user.id)).map(present);
}

/**
 * Creates a key: `vb_` and 32 random bytes (base64url). Only its SHA-256 is kept, so the key
 * itself is in this answer and nowhere else. 409 TOO_MANY_API_KEYS past {@link MAX_API_KEYS}.
 */
export async function createApiKey(
  db: Db,
  user: User,
  name: string,
  now: Date,
): Promise<{ id: string; name: string; prefix: string; key: string; createdAt: string }> {
  if ((await countLiveApiKeys(db, user.id)) >= MAX_API_KEYS) {
    fail("TOO_MANY_API_KEYS");
  }
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = {
    id: randomUUID(),
    user_id: user.id,
    name,
    prefix: key.slice(0, SHOWN_CHARACTERS),
    key_hash: hashToken(key),
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await insertApiKey(db, row);
  return { id: row.id, name, prefix: row.prefix, key, createdAt: row.created_at };
}

/**
 * Revokes a live key the user may revoke (policies/: its owner); 404 for anyone else's, an
 * unknown or an already revoked one.
 */
export async function deleteApiKey(
  { db, config }: { db: Db; config: Pick<Config, "adminEmails"> },
  user: User,
  id: string,
  now: Date,
): Promise<void> {
  const row = z.uuid().safeParse(id).success ? await findLiveApiKey(db, id) : undefined;
  authorize(actorOf(user, config), "revoke", row && apiKey(row));
  if (!(await revokeApiKey(db, id, now))) fail("NOT_FOUND");
}

/**
 * The owner of a live key and the key's id, or undefined for an unknown or revoked key (or a
 * session token: those are not API keys). Records the use (to the minute).
 */
export async function authenticateApiKey(
  db: Db,
  key: string,
  now: Date,
): Promise<{ user: User; keyId: string } | undefined> {
  if (!key.startsWith(API_KEY_PREFIX)) return undefined;
  const found = await findUserByApiKeyHash(db, hashToken(key));
  if (!found) return undefined;
  const last = found.lastUsedAt ? Date.parse(found.lastUsedAt) : 0;
  if (now.getTime() - last >= LAST_USED_RESOLUTION_MS)
    await setApiKeyLastUsed(db, found.keyId, now);
  return { user: found.user, keyId: found.keyId };
}
