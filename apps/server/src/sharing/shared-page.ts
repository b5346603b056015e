import type { SharedTranscription } from "@verbatim/contract/api";
import type { z } from "zod";
import type { Db } from "../db/database.js";
import { rowCues, rowSpeakers, type TranscriptionRow } from "../jobs/job-row.js";
import { toSubtitle } from "../transcriptions/presenter.js";
import type { ShareLinkActor } from "../policies/actor.js";
import { can, transcription } from "../policies/policies.js";
import type { ShareLinkRow } from "./share-access.js";
import { completedInsightsOf } from "../insights/insight-store.js";
import { storedInsights } from "../insights/insight-presenters.js";
import { sharedTranslationTracks } from "../translations/shared-tracks.js";

/**
 * What a link's page shows: the transcript, speakers, the kept audio (with the grant in its
 * address when the link has a password: a media element sends no headers), what the link
 * allows, of the owner only the display name they chose, and the short summary and chapters of
 * the owner's insights when there are some and the link shows them (they say no more than the
 * transcript the link shows).
 */
export async function presentSharedTranscription(
  db: Db,
  link: ShareLinkRow,
  actor: ShareLinkActor,
  row: TranscriptionRow,
  grant: string | undefined,
  now: Date,
): Promise<z.infer<typeof SharedTranscription>> {
  const owner = await db
    .selectFrom("users")
    .select("name")
    .where("id", "=", row.user_id)
    .executeTakeFirst();
  // The link's owner may leave the overview off its page (`show_overview`).
  const insightsRow =
    link.show_overview === 1 ? (await completedInsightsOf(db, [row.id])).get(row.id) : undefined;
  const insights = insightsRow ? storedInsights(insightsRow) : null;
  const expires = row.audio_expires_at;
  const kept = row.audio_path !== null && expires !== null && Date.parse(expires) > now.getTime();
  const grantQuery =
    link.password_hash !== null && grant ? `?grant=${encodeURIComponent(grant)}` : "";
  return {
    fileName: row.file_name,
    ownerName: owner?.name ?? null,
    language: row.language,
    duration: Math.round(row.duration_ms) / 1000,
    speakers: rowSpeakers(row)?.map(({ id, name }) => ({ id, name })) ?? null,
    subtitles: rowCues(row).map(toSubtitle),
    media: kept
      ? { url: `/api/shared/${link.token}/audio${grantQuery}`, expiresAt: expires }
      : null,
    // A kept copy leaves its expiry on the row when it is deleted (forgetListeningCopy).
    mediaGone: kept ? null : expires !== null ? "expired" : "not-kept",
    permissions: {
      download: can(actor, "download", transcription(row)),
      comment: can(actor, "comment", transcription(row)),
    },
    expiresAt: link.expires_at,
    overview: insights && {
      shortSummary: insights.shortSummary.text,
      unverified: insights.shortSummary.unverified === true,
      chapters: insights.chapters.map(({ title, gist, start, end }) => ({
        title,
        gist,
        start,
        end,
      })),
    },
    translations: await sharedTranslationTracks(db, row),
  };
}
