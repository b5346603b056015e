import { createHash, timingSafeEqual } from "node:crypto";
import type { Selectable } from "kysely";
import type { ShareLinksTable } from "../db/schema.js";
import type { ShareLinkActor } from "../policies/actor.js";

/** A share link as stored. */
export type ShareLinkRow = Selectable<ShareLinksTable>;

/** The actor a live link is (policies/: read, plus what its owner allowed). */
export function shareLinkActor(link: ShareLinkRow): ShareLinkActor {
  return {
    link: {
      id: link.id,
      transcriptionId: link.transcription_id,
      comment: link.allow_comments === 1,
      download: link.allow_download === 1,
    },
  };
}

/** Whether the link still works at `now` (a revoked link is no row at all). */
export function isLive(link: Pick<ShareLinkRow, "expires_at">, now: Date): boolean {
  return link.expires_at === null || Date.parse(link.expires_at) > now.getTime();
}

/**
 * What a viewer holds once they entered a link's password: a digest of the token and the
 * password's stored hash. Nobody can make it without the hash (which never leaves the server),
 * and it stops working when the link goes or its password changes.
 */
export function shareGrant(link: Pick<ShareLinkRow, "token" | "password_hash">): string {
  return createHash("sha256")
    .update(`share-grant\n${link.token}\n${link.password_hash ?? ""}`)
    .digest("base64url");
}

/** Whether a request may open the link: no password, or it shows the grant the password gave. */
export function isUnlocked(
  link: Pick<ShareLinkRow, "token" | "password_hash">,
  grant: string | undefined,
): boolean {
  if (link.password_hash === null) return true;
  if (!grant) return false;
  const expected = Buffer.from(shareGrant(link));
  const given = Buffer.from(grant);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
