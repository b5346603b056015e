import { randomUUID } from "node:crypto";
import { MAX_COMMENTS_PER_TRANSCRIPTION } from "@verbatim/contract";
import type { Comment, CreateCommentBody } from "@verbatim/contract/api";
import type { Selectable, Transaction } from "kysely";
import { z } from "zod";
import type { Db } from "../db/database.js";
import type { Database, ShareCommentsTable } from "../db/schema.js";
import { fail } from "../http/app-error.js";
import { rowCues, type TranscriptionRow } from "../jobs/job-row.js";

type CommentRow = Selectable<ShareCommentsTable>;

/** Who writes a comment: a link's viewer (the name they typed) or the owner. */
export type CommentAuthor =
  { kind: "viewer"; name: string; linkId: string } | { kind: "owner"; name: string };

/** A comment as the API shows it. */
export function presentComment(row: CommentRow): z.infer<typeof Comment> {
  return {
    id: row.id,
    parentId: row.parent_id,
    authorName: row.author_name,
    byOwner: row.by_owner === 1,
    body: row.body,
    startMs: Number(row.start_ms),
    endMs: Number(row.end_ms),
    cueId: row.cue_id === null ? null : Number(row.cue_id),
    resolvedAt: row.resolved_at,
    createdAt: row.created_at,
  };
}

/** A transcription's comments and replies, in time order (then oldest first). */
export async function listComments(db: Db, transcriptionId: string): Promise<CommentRow[]> {
  return db
    .selectFrom("share_comments")
    .selectAll()
    .where("transcription_id", "=", transcriptionId)
    .orderBy("start_ms")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * How many comments (replies included) a transcription has: all, or one side's: its links'
 * viewers (`viewers`), or its owner and team members (`members`).
 */
export async function countComments(
  db: Db | Transaction<Database>,
  transcriptionId: string,
  side?: "viewers" | "members",
): Promise<number> {
  let query = db
    .selectFrom("share_comments")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("transcription_id", "=", transcriptionId);
  if (side) query = query.where("share_link_id", side === "viewers" ? "is not" : "is", null);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}

/** The transcription a comment is left on, as the checks read it. */
export type CommentedTranscription = Pick<TranscriptionRow, "id" | "duration_ms" | "cues_json">;

/**
 * Adds a comment (or a reply to one of the same transcription's). Each side holds at most
 * MAX_COMMENTS_PER_TRANSCRIPTION (409 TOO_MANY_COMMENTS): viewers of its links apart from its
 * owner and team, so anonymous viewers can never fill the room its own people comment in. A
 * reply takes its parent's times. The times must lie within the media (the longer of its length
 * and its last subtitle's end) and `cueId` must name one of its subtitles (400 VALIDATION_FAILED).
 */
export async function addComment(
  db: Db,
  job: CommentedTranscription,
  author: CommentAuthor,
  body: z.output<typeof CreateCommentBody>,
  now: Date,
): Promise<CommentRow> {
  return db.transaction().execute(async (tx) => {
    const side = author.kind === "viewer" ? "viewers" : "members";
    if ((await countComments(tx, job.id, side)) >= MAX_COMMENTS_PER_TRANSCRIPTION) {
      fail("TOO_MANY_COMMENTS", { max: MAX_COMMENTS_PER_TRANSCRIPTION });
    }
    let { startMs, cueId } = body;
    let endMs = body.endMs ?? body.startMs;
    if (body.parentId !== undefined) {
      const parent = await tx
        .selectFrom("share_comments")
        .selectAll()
        .where("id", "=", body.parentId)
        .where("transcription_id", "=", job.id)
        .executeTakeFirst();
      if (!parent) fail("NOT_FOUND");
      ({ start_ms: startMs, end_ms: endMs } = parent);
      cueId = parent.cue_id ?? undefined;
    } else {
      checkPlace(job, { startMs, endMs, cueId });
    }
    const row: CommentRow = {
      id: randomUUID(),
      transcription_id: job.id,
      share_link_id: author.kind === "viewer" ? author.linkId : null,
      parent_id: body.parentId ?? null,
      author_name: author.name,
      by_owner: author.kind === "owner" ? 1 : 0,
      body: body.body,
      start_ms: startMs,
      end_ms: endMs,
      cue_id: cueId ?? null,
      resolved_at: null,
      // A viewer's comment waits for the owner's next e-mail (comment-mails.ts).
      owner_mail: author.kind === "viewer" ? "pending" : null,
      created_at: now.toISOString(),
    };
    await tx.insertInto("share_comments").values(row).execute();
    return row;
  });
}

/**
 * A new comment's place must exist: its times within the media (the longer of its measured
 * length and its last subtitle's end, which an imported file may put past it), its subtitle one
 * the transcription has. Else 400 VALIDATION_FAILED naming the field.
 */
function checkPlace(
  job: CommentedTranscription,
  place: { startMs: number; endMs: number; cueId: number | undefined },
): void {
  const cues = rowCues(job);
  const lengthMs = Math.max(Number(job.duration_ms), ...cues.map((cue) => cue.end));
  for (const field of ["startMs", "endMs"] as const) {
    if (place[field] > lengthMs) {
      fail("VALIDATION_FAILED", {
        part: "body",
        field,
        reason: `past the end of the media (${lengthMs} ms)`,
      });
    }
  }
  if (place.cueId !== undefined && !cues.some((cue) => cue.index === place.cueId)) {
    fail("VALIDATION_FAILED", {
      part: "body",
      field: "cueId",
      reason: "no subtitle of this transcription has that id",
    });
  }
}

/** A transcription whose viewers' comments wait for the owner's e-mail: its first and last. */
export interface PendingCommentBatch {
  transcriptionId: string;
  first: string;
  last: string;
}

/** Every transcription with viewers' comments no e-mail has taken yet. */
export async function pendingCommentBatches(db: Db): Promise<PendingCommentBatch[]> {
  const rows = await db
    .selectFrom("share_comments")
    .select((eb) => [
      "transcription_id",
      eb.fn.min<string>("created_at").as("first"),
      eb.fn.max<string>("created_at").as("last"),
    ])
    .where("owner_mail", "=", "pending")
    .groupBy("transcription_id")
    .execute();
  return rows.map((row) => ({
    transcriptionId: row.transcription_id,
    first: row.first,
    last: row.last,
  }));
}

/**
 * Takes a transcription's pending viewers' comments (written up to `now`) for one e-mail,
 * marking them `sent` or `skipped` in one statement: a comment is taken once, by one process,
 * whatever runs concurrently or restarts. Returns the comments taken, oldest first.
 */
export async function claimPendingComments(
  db: Db,
  transcriptionId: string,
  outcome: "sent" | "skipped",
  now: Date,
): Promise<CommentRow[]> {
  const rows = await db
    .updateTable("share_comments")
    .set({ owner_mail: outcome })
    .where("transcription_id", "=", transcriptionId)
    .where("owner_mail", "=", "pending")
    .where("created_at", "<=", now.toISOString())
    .returningAll()
    .execute();
  return rows.sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || Number(a.start_ms) - Number(b.start_ms),
  );
}

/** Marks one of a transcription's comments resolved (or open again); 404 for any other. */
export async function setResolved(
  db: Db,
  transcriptionId: string,
  commentId: string,
  resolved: boolean,
  now: Date,
): Promise<CommentRow> {
  const updated = await db
    .updateTable("share_comments")
    .set({ resolved_at: resolved ? now.toISOString() : null })
    .where("id", "=", commentId)
    .where("transcription_id", "=", transcriptionId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) fail("NOT_FOUND");
  return db
    .selectFrom("share_comments")
    .selectAll()
    .where("id", "=", commentId)
    .executeTakeFirstOrThrow();
}

/** Deletes one of a transcription's comments with its replies; 404 for any other. */
export async function deleteComment(
  db: Db,
  transcriptionId: string,
  commentId: string,
): Promise<void> {
  const result = await db
    .deleteFrom("share_comments")
    .where("id", "=", commentId)
    .where("transcription_id", "=", transcriptionId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) fail("NOT_FOUND");
}
