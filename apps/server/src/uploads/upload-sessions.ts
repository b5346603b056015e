import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import type { Db } from "../db/database.js";
import { AppError } from "../http/app-error.js";
import { tooLarge } from "./receive-multipart.js";

/** A chunk session lives this long (then the cleanup task removes it). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Highest chunk index accepted (100 MB in 15 MB chunks needs 7; small chunks need more). */
export const MAX_CHUNK_INDEX = 9_999;

/** Where a session's chunks are kept: named by the server's ids only, never by client text. */
export function sessionDir(uploadDir: string, sessionId: string): string {
  return join(uploadDir, "chunks", sessionId);
}

function chunkPath(uploadDir: string, sessionId: string, index: number): string {
  return join(sessionDir(uploadDir, sessionId), `${index}.part`);
}

const notFound = () =>
  new AppError(
    404,
    "UPLOAD_SESSION_NOT_FOUND",
    "Upload session not found or expired. Start the upload again.",
  );

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

/** Starts a session for a user's first chunk. */
export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("upload_sessions")
    .values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
    })
    .execute();
  return id;
}

/**
 * Files a received chunk under its index; a chunk sent again replaces the earlier one. The
 * session's total may not pass `limitBytes` (413, and the chunk is dropped).
 */
export async function storeChunk(
  db: Db,
  uploadDir: string,
  {
    sessionId,
    index,
    path,
    bytes,
  }: { sessionId: string; index: number; path: string; bytes: number },
  limitBytes: number,
  now: Date,
): Promise<void> {
  const others = await db
    .selectFrom("upload_chunks")
    .select((eb) => eb.fn.sum<number | string | null>("bytes").as("total"))
    .where("session_id", "=", sessionId)
    .where("chunk_index", "<>", index)
    .executeTakeFirst();
  if (Number(others?.total ?? 0) + bytes > limitBytes) {
    await rm(path, { force: true });
    throw tooLarge(limitBytes);
  }
  await mkdir(sessionDir(uploadDir, sessionId), { recursive: true });
  await rename(path, chunkPath(uploadDir, sessionId, index));
  await db
    .insertInto("upload_chunks")
    .values({ session_id: sessionId, chunk_index: index, bytes, created_at: now.toISOString() })
    .onConflict((oc) =>
      oc
        .columns(["session_id", "chunk_index"])
        .doUpdateSet({ bytes, created_at: now.toISOString() }),
    )
    .execute();
}

/**
 * Joins chunks 0..totalChunks-1 into one file under `uploadDir` and ends the session. Missing
 * chunks, extra chunks or a size that disagrees with `originalFileSize` (when given) are 400s.
 */
export async function combineChunks(
  db: Db,
  uploadDir: string,
  sessionId: string,
  { totalChunks, originalFileSize }: { totalChunks: number; originalFileSize: number },
): Promise<{ path: string; bytes: number }> {
  const chunks = await db
    .selectFrom("upload_chunks")
    .select(["chunk_index", "bytes"])
    .where("session_id", "=", sessionId)
    .orderBy("chunk_index")
    .execute();
  const have = new Set(chunks.map((c) => c.chunk_index));
  const missing = Array.from({ length: totalChunks }, (_, i) => i).filter((i) => !have.has(i));
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).join(", ") + (missing.length > 10 ? ", …" : "");
    throw new AppError(
      400,
      "MISSING_CHUNKS",
      `${missing.length} of ${totalChunks} chunks have not arrived (index ${shown}). Upload them, then combine again.`,
      { missing: missing.slice(0, 100) },
    );
  }
  if (chunks.length !== totalChunks) {
    throw new AppError(
      400,
      "CHUNK_COUNT_MISMATCH",
      `The session holds ${chunks.length} chunks but totalChunks is ${totalChunks}.`,
    );
  }
  const bytes = chunks.reduce((sum, c) => sum + Number(c.bytes), 0);
  if (originalFileSize > 0 && bytes !== originalFileSize) {
    throw new AppError(
      400,
      "SIZE_MISMATCH",
      `The chunks add up to ${bytes} bytes but the file has ${originalFileSize}. Upload it again.`,
    );
  }
  const path = join(uploadDir, `${randomUUID()}.upload`);
  try {
    const out = createWriteStream(path);
    for (const chunk of chunks) {
      await pipeline(createReadStream(chunkPath(uploadDir, sessionId, chunk.chunk_index)), out, {
        end: false,
      });
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  await endSession(db, uploadDir, sessionId);
  return { path, bytes };
}

/** Removes a session, its chunk rows and its files. */
export async function endSession(db: Db, uploadDir: string, sessionId: string): Promise<void> {
  await db.deleteFrom("upload_chunks").where("session_id", "=", sessionId).execute();
  await db.deleteFrom("upload_sessions").where("id", "=", sessionId).execute();
  await rm(sessionDir(uploadDir, sessionId), { recursive: true, force: true });
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
