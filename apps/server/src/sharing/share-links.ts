import { randomBytes, randomUUID } from "node:crypto";
import { MAX_SHARE_LINKS } from "@verbatim/contract";
import type { SHARE_EXPIRIES, ShareLink } from "@verbatim/contract/api";
import type { z } from "zod";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../auth/password.js";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { findTranscription } from "../jobs/job-reads.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import type { ShareLinkActor } from "../policies/actor.js";
import {
  isLive,
  isUnlocked,
  shareGrant,
  shareLinkActor,
  type ShareLinkRow,
} from "./share-access.js";

const DAY_MS = 86_400_000;
const EXPIRY_DAYS: Record<(typeof SHARE_EXPIRIES)[number], number | null> = {
  "1d": 1,
  "7d": 7,
  "30d": 30,
  never: null,
};

/** What a new link is made with. */
export interface NewShareLink {
  expiresIn: (typeof SHARE_EXPIRIES)[number];
  password?: string | undefined;
  allowDownload: boolean;
  allowComments: boolean;
  /** Whether the page shows the owner's short summary and chapters (when there are some). */
  showOverview: boolean;
}

/** The page a token opens: `/s/{token}` under the public address. */
export function sharePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/s/${token}`;
}

/** A link as its owner sees it. */
export function presentShareLink(link: ShareLinkRow, publicUrl: string): z.infer<typeof ShareLink> {
  return {
    id: link.id,
    url: sharePageUrl(publicUrl, link.token),
    token: link.token,
    expiresAt: link.expires_at,
    hasPassword: link.password_hash !== null,
    allowDownload: link.allow_download === 1,
    allowComments: link.allow_comments === 1,
    showOverview: link.show_overview === 1,
    createdAt: link.created_at,
  };
}

/** Makes a link to the owner's completed transcription (409 NOT_COMPLETED before). */
export async function createShareLink(
  db: Db,
  row: TranscriptionRow,
  options: NewShareLink,
  now: Date,
): Promise<ShareLinkRow> {
  if (row.status !== "completed") fail("NOT_COMPLETED");
  const live = (await listShareLinks(db, row.id, now)).length;
  if (live >= MAX_SHARE_LINKS) fail("TOO_MANY_SHARE_LINKS", { max: MAX_SHARE_LINKS });
  const days = EXPIRY_DAYS[options.expiresIn];
  const link: ShareLinkRow = {
    id: randomUUID(),
    transcription_id: row.id,
    user_id: row.user_id,
    // 256 random bits: not guessable, and never listed to anyone but the owner.
    token: randomBytes(32).toString("base64url"),
    password_hash: options.password ? await hashPassword(options.password) : null,
    allow_download: options.allowDownload ? 1 : 0,
    allow_comments: options.allowComments ? 1 : 0,
    show_overview: options.showOverview ? 1 : 0,
    expires_at: days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString(),
    created_at: now.toISOString(),
  };
  await db.insertInto("share_links").values(link).execute();
  return link;
}

/** A transcription's live links, newest first. */
export async function listShareLinks(
  db: Db,
  transcriptionId: string,
  now: Date,
): Promise<ShareLinkRow[]> {
  const rows = await db
    .selectFrom("share_links")
    .selectAll()
    .where("transcription_id", "=", transcriptionId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.filter((link) => isLive(link, now));
}

/** A link by its id (the owner's routes check its transcription's policy before acting). */
export async function findShareLink(db: Db, id: string): Promise<ShareLinkRow | undefined> {
  return db.selectFrom("share_links").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Revokes a link: it stops working at once. */
export async function revokeShareLink(db: Db, id: string): Promise<void> {
  await db.deleteFrom("share_links").where("id", "=", id).execute();
}

/** A live link by its token, else 404 (unknown, revoked and expired all look the same). */
export async function liveLinkByToken(db: Db, token: string, now: Date): Promise<ShareLinkRow> {
  const link = /^[\w-]{43}$/.test(token)
    ? await db.selectFrom("share_links").selectAll().where("token", "=", token).executeTakeFirst()
    : undefined;
  if (!link || !isLive(link, now)) fail("NOT_FOUND");
  return link;
}

/**
 * What a request through a link may do, with the transcription it opens: 404 for a dead link,
 * 401 SHARE_PASSWORD_REQUIRED until the password's grant is shown.
 */
export async function openShareLink(
  db: Db,
  token: string,
  grant: string | undefined,
  now: Date,
): Promise<{ link: ShareLinkRow; actor: ShareLinkActor; row: TranscriptionRow }> {
  const link = await liveLinkByToken(db, token, now);
  if (!isUnlocked(link, grant)) fail("SHARE_PASSWORD_REQUIRED");
  const row = await findTranscription(db, link.transcription_id);
  if (!row) fail("NOT_FOUND");
  return { link, actor: shareLinkActor(link), row };
}

/** Checks a link's password; the grant to send with its calls, or 401 SHARE_PASSWORD_WRONG. */
export async function unlockShareLink(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<string> {
  const link = await liveLinkByToken(db, token, now);
  // A link without a password takes any: its grant is not needed, but a client may still ask.
  const matches = await verifyPassword(password, link.password_hash ?? (await dummyPasswordHash()));
  if (link.password_hash !== null && !matches) fail("SHARE_PASSWORD_WRONG");
  return shareGrant(link);
}
