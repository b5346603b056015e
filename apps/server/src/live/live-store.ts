import type { Insertable, Selectable } from "kysely";
import type { Db } from "../db/database.js";
import type { LiveSessionsTable } from "../db/schema.js";

// The live_sessions table's one writer (docs/live.md): a session's row from its start to its
// stop, and the readers the routes and the sweep need.

export type LiveSessionRow = Selectable<LiveSessionsTable>;

/** Stores a new open session. */
export async function insertLiveSession(
  db: Db,
  row: Omit<Insertable<LiveSessionsTable>, "status" | "paused" | "captured_ms" | "finals_json">,
): Promise<void> {
  await db
    .insertInto("live_sessions")
    .values({ ...row, status: "open", paused: 0, captured_ms: 0, finals_json: "[]" })
    .execute();
}

export async function findLiveSession(db: Db, id: string): Promise<LiveSessionRow | undefined> {
  return db.selectFrom("live_sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A user's sessions that are still open. */
export async function openSessionsOf(db: Db, userId: string): Promise<LiveSessionRow[]> {
  return db
    .selectFrom("live_sessions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "open")
    .execute();
}

/** A session by its watch token (the caller checks expiry and password). */
export async function liveSessionByWatchToken(
  db: Db,
  token: string,
): Promise<LiveSessionRow | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  return db
    .selectFrom("live_sessions")
    .selectAll()
    .where("watch_token", "=", token)
    .executeTakeFirst();
}

/** What a running session writes as it goes (a heartbeat, the audio and text so far). */
export async function saveLiveProgress(
  db: Db,
  id: string,
  progress: { capturedMs: number; reservedSteps: number; finalsJson: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable("live_sessions")
    .set({
      captured_ms: progress.capturedMs,
      reserved_steps: progress.reservedSteps,
      finals_json: progress.finalsJson,
      heartbeat_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "open")
    .execute();
}

export async function setLivePaused(db: Db, id: string, paused: boolean): Promise<void> {
  await db
    .updateTable("live_sessions")
    .set({ paused: paused ? 1 : 0 })
    .where("id", "=", id)
    .execute();
}

/**
 * Ends an open session (compare-and-set: true for the one caller that ended it), as stopped
 * with its transcription, or ended with nothing saved.
 */
export async function endLiveSession(
  db: Db,
  id: string,
  end: { saved: boolean; capturedMs: number },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("live_sessions")
    .set({
      status: end.saved ? "stopped" : "ended",
      captured_ms: end.capturedMs,
      finals_json: "[]",
      ended_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Links a stopped session to the transcription it became (stored after the session ended). */
export async function setLiveTranscription(
  db: Db,
  id: string,
  transcriptionId: string,
): Promise<void> {
  await db
    .updateTable("live_sessions")
    .set({ transcription_id: transcriptionId })
    .where("id", "=", id)
    .execute();
}

/** Open sessions whose heartbeat is older than `before` (their process died). */
export async function staleLiveSessions(db: Db, before: Date): Promise<LiveSessionRow[]> {
  return db
    .selectFrom("live_sessions")
    .selectAll()
    .where("status", "=", "open")
    .where("heartbeat_at", "<", before.toISOString())
    .limit(100)
    .execute();
}
