import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { findTranscription } from "../jobs/job-reads.js";
import type { Mailer } from "../mail/mailer.js";
import { findUserById, type User } from "../users/repo.js";
import { renderCommentMail } from "./comment-mail.js";
import { claimPendingComments, pendingCommentBatches } from "./comments.js";
import { repeatEvery } from "../schedule/repeat-every.js";

/** When a batch of comments is mailed, and how often batches are looked for. */
export interface CommentMailTiming {
  /** A batch goes once no comment has come for this long (default 10 minutes)… */
  quietMs: number;
  /** …or this long after its first comment, however busy the link is (default 1 hour). */
  capMs: number;
  /** How often pending batches are looked for (default 30 s). */
  sweepMs: number;
}

export const DEFAULT_COMMENT_MAIL_TIMING: CommentMailTiming = {
  quietMs: 10 * 60 * 1000,
  capMs: 60 * 60 * 1000,
  sweepMs: 30 * 1000,
};

/** What the owners' e-mails about comments need. */
export interface CommentMailContext {
  db: Db;
  config: Pick<Config, "publicUrl">;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Who hears about a transcription's comments: its uploader, or for a team's transcription the
 * team's owner (the team's work is the team's, docs/teams.md; its owner answers for it).
 */
async function recipientOf(db: Db, transcriptionId: string): Promise<User | undefined> {
  const row = await findTranscription(db, transcriptionId);
  if (!row) return undefined;
  let userId = row.user_id;
  if (row.team_id !== null) {
    const team = await db
      .selectFrom("teams")
      .select("owner_id")
      .where("id", "=", row.team_id)
      .executeTakeFirst();
    if (team) userId = team.owner_id;
  }
  return findUserById(db, userId);
}

/**
 * Sends each owner one e-mail per batch of comments left through their share links
 * (docs/sharing.md#e-mail-to-the-owner): a transcription's pending comments go together once
 * `quietMs` passed without a new one, or `capMs` after the batch's first. The batch lives in the
 * database (`share_comments.owner_mail`), so a restart neither loses nor repeats it: the
 * comments are taken in one statement (marked `sent`, or `skipped` for an owner who turned these
 * e-mails off) before the mail is handed to the mailer, and a comment is taken once. Returns
 * how many e-mails were sent.
 */
export async function mailCommentBatches(
  ctx: CommentMailContext,
  timing: Pick<CommentMailTiming, "quietMs" | "capMs"> = DEFAULT_COMMENT_MAIL_TIMING,
): Promise<number> {
  const { db, config } = ctx;
  const now = ctx.now();
  const quietBefore = new Date(now.getTime() - timing.quietMs).toISOString();
  const capBefore = new Date(now.getTime() - timing.capMs).toISOString();
  let sent = 0;
  for (const batch of await pendingCommentBatches(db)) {
    if (batch.last > quietBefore && batch.first > capBefore) continue;
    try {
      const owner = await recipientOf(db, batch.transcriptionId);
      const wanted = owner?.commentMails === true;
      const taken = await claimPendingComments(
        db,
        batch.transcriptionId,
        wanted ? "sent" : "skipped",
        now,
      );
      if (!owner || !wanted || taken.length === 0) continue;
      const row = await findTranscription(db, batch.transcriptionId);
      const mail = renderCommentMail(
        {
          fileName: row?.file_name ?? "",
          comments: taken.map((comment) => ({
            authorName: comment.author_name,
            startMs: Number(comment.start_ms),
            body: comment.body,
            reply: comment.parent_id !== null,
          })),
          link: `${config.publicUrl.replace(/\/$/, "")}/?job=${encodeURIComponent(batch.transcriptionId)}`,
        },
        owner.locale,
      );
      await ctx.mailer.send({ to: owner.email, ...mail });
      sent += 1;
    } catch (error) {
      ctx.log.error(
        { err: error, transcriptionId: batch.transcriptionId },
        "comment e-mail failed",
      );
    }
  }
  return sent;
}

/** Looks for batches due every `sweepMs`; returns a stop function. */
export function scheduleCommentMails(
  ctx: CommentMailContext,
  timing: CommentMailTiming = DEFAULT_COMMENT_MAIL_TIMING,
): () => Promise<void> {
  const sweep = repeatEvery(timing.sweepMs, () => mailCommentBatches(ctx, timing), {
    onError: (error) => ctx.log.error({ err: error }, "comment e-mails"),
  });
  return () => sweep.stop();
}
