import { randomUUID } from "node:crypto";
import { MAX_COMMENTS_PER_TRANSCRIPTION } from "@verbatim/contract";
import type { Comment, CreateCommentBody } from "@verbatim/contract/api";
import type { Selectable, Transaction } from "kysely";
import { z } from "zod";
import type { Db } from "../db/database.js";
import type { Database, ShareCommentsTable } from "../db/schema.js";
import { fail } from "../http/app-error.js";

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

/** How many comments (replies included) a transcription has. */
export async function countComments(
  db: Db | Transaction<Database>,
  transcriptionId: string,
): Promise<number> {
  const { count } = await db
    .selectFrom("share_comments")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("transcription_id", "=", transcriptionId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Adds a comment (or a reply to one of the same transcription's) at most
 * MAX_COMMENTS_PER_TRANSCRIPTION (409 TOO_MANY_COMMENTS). A reply takes its parent's times.
 */
export async function addComment(
  db: Db,
  transcriptionId: string,
  author: CommentAuthor,
  body: z.output<typeof CreateCommentBody>,
  now: Date,
): Promise<CommentRow> {
  return db.transaction().execute(async (tx) => {
    if ((await countComments(tx, transcriptionId)) >= MAX_COMMENTS_PER_TRANSCRIPTION) {
      fail("TOO_MANY_COMMENTS", { max: MAX_COMMENTS_PER_TRANSCRIPTION });
    }
    let { startMs, cueId } = body;
    let endMs = body.endMs ?? body.startMs;
    if (body.parentId !== undefined) {
      const parent = await tx
        .selectFrom("share_comments")
        .selectAll()
        .where("id", "=", body.parentId)
        .where("transcription_id", "=", transcriptionId)
        .executeTakeFirst();
      if (!parent) fail("NOT_FOUND");
      ({ start_ms: startMs, end_ms: endMs } = parent);
      cueId = parent.cue_id ?? undefined;
    }
    const row: CommentRow = {
      id: randomUUID(),
      transcription_id: transcriptionId,
      share_link_id: author.kind === "viewer" ? author.linkId : null,
      parent_id: body.parentId ?? null,
      author_name: author.name,
      by_owner: author.kind === "owner" ? 1 : 0,
      body: body.body,
      start_ms: startMs,
      end_ms: endMs,
      cue_id: cueId ?? null,
      resolved_at: null,
      created_at: now.toISOString(),
    };
    await tx.insertInto("share_comments").values(row).execute();
    return row;
  });
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
