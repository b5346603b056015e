import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { sql, SqliteAdapter } from "kysely";
import type { Db, Tx } from "../db/database.js";
import { AppError, fail } from "../http/app-error.js";
import { isDiskFull } from "../http/error-handler.js";
import { withUserLock } from "../minutes/ledger-entries.js";
import { userPlanLimits } from "../plans/plan-limits.js";
import type { FileStore } from "../storage/file-store.js";
import { removeStored, storeOfLocation } from "../storage/stored-files.js";
import { noRoomForUpload, tooLarge } from "./receive-multipart.js";

/** A chunk session lives at most this long, however busy (then the cleanup task removes it). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A session no chunk has reached for this long has expired (each chunk pushes it back). */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** An open session idle this long is abandoned: a new upload over the plan's cap replaces it. */
export const SESSION_ABANDONED_MS = 2 * 60 * 1000;

/** Where a session's chunks are kept: named by the server's ids only, never by client text. */
export function sessionDir(uploadDir: string, sessionId: string): string {
  return join(uploadDir, "chunks", sessionId);
}

function chunkPath(uploadDir: string, sessionId: string, index: number): string {
  return join(sessionDir(uploadDir, sessionId), `${index}.part`);
}

const notFound = () => new AppError("UPLOAD_SESSION_NOT_FOUND");

/** The user's live session, or 404 (unknown, someone else's, expired, malformed id). */
export async function ownSession(db: Db, userId: string, sessionId: string, now: Date) {
  if (!z.uuid().safeParse(sessionId).success) throw notFound();
  const session = await db
    .selectFrom("upload_sessions")
    .selectAll()
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!session || session.expires_at <= now.toISOString()) throw notFound();
  return session;
}

const busy = () => new AppError("UPLOAD_SESSION_BUSY");

/**
 * Starts a session for a user's first chunk. A user keeps at most their plan's number of
 * unfinished uploads: one abandoned for a while (no chunk for SESSION_ABANDONED_MS) makes room
 * for the new one; otherwise 429 TOO_MANY_UPLOADS. Counted under the user's lock, so uploads
 * started at the same moment cannot pass the cap together.
 */
export async function createSession(
  db: Db,
  uploadDir: string,
  userId: string,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  const evicted: string[] = [];
  await withUserLock(db, userId, async (tx) => {
    const cap = (await userPlanLimits(tx, userId)).openUploads;
    const live = await tx
      .selectFrom("upload_sessions")
      .leftJoin("upload_chunks", "upload_chunks.session_id", "upload_sessions.id")
      .select([
        "upload_sessions.id",
        "upload_sessions.state",
        "upload_sessions.created_at",
        (eb) => eb.fn.max("upload_chunks.created_at").as("last_chunk_at"),
      ])
      .where("upload_sessions.user_id", "=", userId)
      .where("upload_sessions.expires_at", ">", now.toISOString())
      .groupBy(["upload_sessions.id", "upload_sessions.state", "upload_sessions.created_at"])
      .orderBy("upload_sessions.created_at")
      .execute();
    const abandonedBefore = now.getTime() - SESSION_ABANDONED_MS;
    let open = live.length;
    for (const session of live) {
      if (open < cap) break;
      const lastActive = Date.parse(session.last_chunk_at ?? session.created_at);
      if (session.state !== "open" || lastActive > abandonedBefore) continue;
      await deleteSessionRows(tx, session.id);
      evicted.push(session.id);
      open--;
    }
    if (open >= cap) {
      fail("TOO_MANY_UPLOADS", { openUploads: cap });
    }
    await tx
      .insertInto("upload_sessions")
      .values({
        id,
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: idleExpiry(now.toISOString(), now),
        state: "open",
      })
      .execute();
  });
  for (const sessionId of evicted) {
    await rm(sessionDir(uploadDir, sessionId), { recursive: true, force: true });
  }
  return id;
}

/** When a session expires if nothing else arrives: an hour from now, at most a day in all. */
function idleExpiry(createdAt: string, now: Date): string {
  const idle = now.getTime() + SESSION_IDLE_MS;
  const cap = Date.parse(createdAt) + SESSION_LIFETIME_MS;
  return new Date(Math.min(idle, cap)).toISOString();
}

/**
 * Runs `work` holding the session's row: PostgreSQL locks it; SQLite has a single writer and
 * Kysely's one connection, so its transactions never interleave.
 */
function withSessionLock<T>(db: Db, sessionId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return db.transaction().execute(async (tx) => {
    const session = await (
      sqlite
        ? tx.selectFrom("upload_sessions").selectAll().where("id", "=", sessionId)
        : tx.selectFrom("upload_sessions").selectAll().where("id", "=", sessionId).forUpdate()
    ).executeTakeFirst();
    if (!session) throw notFound();
    if (session.state !== "open") throw busy();
    return work(tx);
  });
}

/**
 * Files a received chunk under its index; a chunk sent again replaces the earlier one. The
 * session's total may not pass `limitBytes` (413, and the chunk is dropped). The size check,
 * the move into place and the row are one step under the session's lock, so chunks sent at
 * once cannot overrun the limit together, and a chunk racing a combine gets 409.
 */
export async function storeChunk(
  db: Db,
  uploadDir: string,
  {
    sessionId,
    index,
    path,
    bytes,
    declaredChunks,
    files,
    owner,
  }: {
    sessionId: string;
    index: number;
    path: string;
    bytes: number;
    /** The chunk's `totalChunks` (0: not said). */
    declaredChunks: number;
    /** Where kept files go: a bucket keeps the chunk (any API process reaches it). */
    files: FileStore;
    /** The account the upload belongs to (a bucket groups files by it). */
    owner: string;
  },
  limitBytes: number,
  now: Date,
): Promise<void> {
  await mkdir(sessionDir(uploadDir, sessionId), { recursive: true });
  // Into the bucket before the session's lock (an upload takes time; the lock is a transaction),
  // under a name of its own, so that a chunk sent again replaces the row, not the object.
  const location =
    files.kind === "local"
      ? null
      : await files.keep(
          { owner, name: `chunks/${sessionId}/${index}-${randomUUID()}.part` },
          path,
        );
  let replaced: string | null = null;
  let kept = false;
  try {
    await withSessionLock(db, sessionId, async (tx) => {
      replaced =
        (
          await tx
            .selectFrom("upload_chunks")
            .select("location")
            .where("session_id", "=", sessionId)
            .where("chunk_index", "=", index)
            .executeTakeFirst()
        )?.location ?? null;
      const others = await tx
        .selectFrom("upload_chunks")
        .select((eb) => eb.fn.sum<number | string | null>("bytes").as("total"))
        .where("session_id", "=", sessionId)
        .where("chunk_index", "<>", index)
        .executeTakeFirst();
      if (Number(others?.total ?? 0) + bytes > limitBytes) throw tooLarge(limitBytes);
      await tx
        .insertInto("upload_chunks")
        .values({
          session_id: sessionId,
          chunk_index: index,
          bytes,
          created_at: now.toISOString(),
          location,
        })
        .onConflict((oc) =>
          oc
            .columns(["session_id", "chunk_index"])
            .doUpdateSet({ bytes, created_at: now.toISOString(), location }),
        )
        .execute();
      const { created_at } = await tx
        .selectFrom("upload_sessions")
        .select("created_at")
        .where("id", "=", sessionId)
        .executeTakeFirstOrThrow();
      await tx
        .updateTable("upload_sessions")
        .set({
          expires_at: idleExpiry(created_at, now),
          ...(declaredChunks > 0 ? { declared_chunks: declaredChunks } : {}),
        })
        .where("id", "=", sessionId)
        .execute();
      // Last, so a failure above leaves the earlier chunk of this index as it was.
      if (location === null) await rename(path, chunkPath(uploadDir, sessionId, index));
    });
    kept = true;
  } finally {
    await rm(path, { force: true }); // moved already, or refused
    // The object of the chunk this one replaced, or this one's when it was refused.
    await removeStored(kept ? replaced : location).catch(() => undefined);
  }
}

/**
 * Takes the session for the one combine request that gets there first: "open" → "combining"
 * in one conditional update. Any other combine (or a chunk) meanwhile gets 409.
 */
export async function claimForCombine(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<void> {
  await ownSession(db, userId, sessionId, now); // 404 for unknown, someone else's, expired
  const claimed = await db
    .updateTable("upload_sessions")
    .set({ state: "combining" })
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("state", "=", "open")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw busy();
}

/** Gives a claimed session back (a combine that failed keeps its chunks for another try). */
export async function reopenSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable("upload_sessions")
    .set({ state: "open" })
    .where("id", "=", sessionId)
    .where("state", "=", "combining")
    .execute();
}

/**
 * Joins chunks 0..totalChunks-1 into one file under `uploadDir`; the chunks stay until the
 * caller ends the session. Missing chunks (up to the count the chunks themselves declared, when
 * it is more: a combine naming fewer would transcribe and charge part of the file), extra
 * chunks or a size that disagrees with `originalFileSize` (when given) are 400s.
 */
export async function combineChunks(
  db: Db,
  uploadDir: string,
  sessionId: string,
  { totalChunks, originalFileSize }: { totalChunks: number; originalFileSize: number },
): Promise<{ path: string; bytes: number }> {
  const chunks = await db
    .selectFrom("upload_chunks")
    .select(["chunk_index", "bytes", "location"])
    .where("session_id", "=", sessionId)
    .orderBy("chunk_index")
    .execute();
  const session = await db
    .selectFrom("upload_sessions")
    .select("declared_chunks")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  const expected = Math.max(totalChunks, session?.declared_chunks ?? 0);
  const have = new Set(chunks.map((c) => c.chunk_index));
  const missing = Array.from({ length: expected }, (_, i) => i).filter((i) => !have.has(i));
  if (missing.length > 0) {
    fail("MISSING_CHUNKS", { missing: missing.slice(0, 100), expected });
  }
  if (chunks.length !== totalChunks) {
    fail("CHUNK_COUNT_MISMATCH", { received: chunks.length, totalChunks });
  }
  const bytes = chunks.reduce((sum, c) => sum + Number(c.bytes), 0);
  if (originalFileSize > 0 && bytes !== originalFileSize) {
    fail("SIZE_MISMATCH", { receivedBytes: bytes, originalFileSize });
  }
  const path = join(uploadDir, `${randomUUID()}.upload`);
  try {
    // One pipeline from the first chunk to the last into the file: the file's stream is heard
    // from start to end (between per-chunk pipelines it was not, and a write failing there
    // went unheard).
    async function* chunksInOrder() {
      for (const chunk of chunks) {
        if (chunk.location === null) {
          yield* createReadStream(chunkPath(uploadDir, sessionId, chunk.chunk_index));
        } else {
          yield* await storeOfLocation(chunk.location).get(chunk.location);
        }
      }
    }
    await pipeline(chunksInOrder, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    throw isDiskFull(error) ? noRoomForUpload() : error;
  }
  return { path, bytes };
}

/** Removes a session, its chunk rows and its files. */
export async function endSession(db: Db, uploadDir: string, sessionId: string): Promise<void> {
  const inBucket = await db
    .selectFrom("upload_chunks")
    .select("location")
    .where("session_id", "=", sessionId)
    .where("location", "is not", null)
    .execute();
  for (const { location } of inBucket) await removeStored(location);
  await deleteSessionRows(db, sessionId);
  await rm(sessionDir(uploadDir, sessionId), { recursive: true, force: true });
}

async function deleteSessionRows(db: Db | Tx, sessionId: string): Promise<void> {
  await db.deleteFrom("upload_chunks").where("session_id", "=", sessionId).execute();
  await db.deleteFrom("upload_sessions").where("id", "=", sessionId).execute();
}

/** Unfinished uploads and the bytes they keep on disk now, for the admin report. */
export async function parkedUploads(
  db: Db,
  now: Date,
): Promise<{ sessions: number; users: number; bytes: number }> {
  const row = await db
    .selectFrom("upload_sessions")
    .leftJoin("upload_chunks", "upload_chunks.session_id", "upload_sessions.id")
    .select([
      sql<number | string>`count(distinct upload_sessions.id)`.as("sessions"),
      sql<number | string>`count(distinct upload_sessions.user_id)`.as("users"),
      (eb) => eb.fn.sum<number | string | null>("upload_chunks.bytes").as("bytes"),
    ])
    .where("upload_sessions.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return {
    sessions: Number(row?.sessions ?? 0),
    users: Number(row?.users ?? 0),
    bytes: Number(row?.bytes ?? 0),
  };
}

/** The cleanup task: sessions older than their lifetime, with their files. Returns how many. */
export async function removeExpiredSessions(db: Db, uploadDir: string, now: Date): Promise<number> {
  const expired = await db
    .selectFrom("upload_sessions")
    .select("id")
    .where("expires_at", "<=", now.toISOString())
    .execute();
  for (const { id } of expired) await endSession(db, uploadDir, id);
  return expired.length;
}
