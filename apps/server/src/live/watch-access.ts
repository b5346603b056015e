import { createHash, timingSafeEqual } from "node:crypto";
import { dummyPasswordHash, verifyPassword } from "../auth/password.js";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { liveSessionByWatchToken, type LiveSessionRow } from "./live-store.js";

// Who may follow a live session's captions: anyone with its watch link (/l/{token}), after its
// password when it has one, until it expires. The grant works like a share link's.

/** What a viewer holds once they entered the password: a digest of the token and the hash. */
export function watchGrant(row: Pick<LiveSessionRow, "watch_token" | "watch_password_hash">) {
  return createHash("sha256")
    .update(`live-grant\n${row.watch_token}\n${row.watch_password_hash ?? ""}`)
    .digest("base64url");
}

/** The page a watch token opens: `/l/{token}` under the public address. */
export function watchPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/l/${token}`;
}

/** A watchable session by its token, else 404 (unknown and expired look the same). */
export async function watchedSession(db: Db, token: string, now: Date): Promise<LiveSessionRow> {
  const row = await liveSessionByWatchToken(db, token);
  if (!row) fail("NOT_FOUND");
  if (row.watch_expires_at !== null && Date.parse(row.watch_expires_at) <= now.getTime()) {
    fail("NOT_FOUND");
  }
  return row;
}

/** Whether the viewer may read: no password, or the grant the password gave. */
export function mayWatch(row: LiveSessionRow, grant: string | undefined): boolean {
  if (row.watch_password_hash === null) return true;
  if (!grant) return false;
  const expected = Buffer.from(watchGrant(row));
  const given = Buffer.from(grant);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Checks a viewer's password; the grant to send with the stream. */
export async function unlockWatch(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<string> {
  const row = await watchedSession(db, token, now);
  const hash = row.watch_password_hash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(password, hash);
  if (row.watch_password_hash !== null && !matches) fail("SHARE_PASSWORD_WRONG");
  return watchGrant(row);
}
