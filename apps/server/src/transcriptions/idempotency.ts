import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import type { User } from "../users/repo.js";
import { findTranscription } from "../jobs/job-reads.js";
import { type TranscriptionRow } from "../jobs/job-row.js";

// Idempotent retries for the requests that start paid work (Stripe's convention). An SDK that
// times out and retries, or a user who presses twice, sends the same `Idempotency-Key`: the
// retry gets the job the first request made, and nothing is charged twice. The same key with a
// different request is a client bug: 409. Keys live a day.
//
// A key is claimed (a row with no job) while its request is taken in, which takes seconds. A
// claim whose process died before making the job would answer every retry 409 "in progress";
// so a claim with no job older than CLAIM_TIMEOUT_MS is stale and the next request with that
// key takes it over, and a single-process server drops every claim with no job at start.

/** How long a key is remembered. */
export const IDEMPOTENCY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claim may go without its job before a retry takes it over. Taking in (probe,
 * reserve, store; for chunks, joining them) takes seconds; this is far past that.
 */
export const CLAIM_TIMEOUT_MS = 2 * 60 * 1000;

/** The request's Idempotency-Key, or undefined; 400 for one no client should send. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    fail("INVALID_IDEMPOTENCY_KEY");
  }
  return value;
}

/** Whether this key already made a job for the user (a retry, to be answered with it). */
export async function keyHasJob(db: Db, user: User, key: string | undefined): Promise<boolean> {
  if (key === undefined) return false;
  const row = await db
    .selectFrom("idempotency_keys")
    .select("transcription_id")
    .where("user_id", "=", user.id)
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.transcription_id != null;
}

/** A hash of what a request asked for: its route, its fields (in any order) and its file. */
export function requestFingerprint(
  route: string,
  fields: Record<string, unknown>,
  fileSha256 = "",
): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return createHash("sha256")
    .update(JSON.stringify([route, sorted, fileSha256]))
    .digest("hex");
}

/**
 * Runs `start` (which makes a job) at most once per user and key: a retry with the same key
 * and the same request gets the job the first one made (`replayed`), without running `start`.
 * Without a key, `start` simply runs. A `start` that fails frees the key for another try.
 */
export async function once(
  db: Db,
  user: User,
  key: string | undefined,
  fingerprint: string,
  now: Date,
  start: () => Promise<TranscriptionRow>,
): Promise<{ row: TranscriptionRow; replayed: boolean }> {
  if (key === undefined) return { row: await start(), replayed: false };
  const existing = await claim(db, user.id, key, fingerprint, now);
  if (existing) return { row: existing, replayed: true };
  // Only this request's own claim is freed or filled: a retry may have taken over the claim
  // when it went stale, and that one is the retry's.
  const claimedAt = now.toISOString();
  let row: TranscriptionRow;
  try {
    row = await start();
  } catch (error) {
    await db
      .deleteFrom("idempotency_keys")
      .where("user_id", "=", user.id)
      .where("key", "=", key)
      .where("transcription_id", "is", null)
      .where("created_at", "=", claimedAt)
      .execute();
    throw error;
  }
  await db
    .updateTable("idempotency_keys")
    .set({ transcription_id: row.id })
    .where("user_id", "=", user.id)
    .where("key", "=", key)
    .where("transcription_id", "is", null)
    .where("created_at", "=", claimedAt)
    .execute();
  return { row, replayed: false };
}

/**
 * Drops every claim that has no job: at the start of a server that is the only process taking
 * requests (the embedded set-up), no request can still be taking one in. Returns how many.
 */
export async function dropUnfinishedClaims(db: Db): Promise<number> {
  const dropped = await db
    .deleteFrom("idempotency_keys")
    .where("transcription_id", "is", null)
    .executeTakeFirst();
  return Number(dropped.numDeletedRows);
}

/** Takes the key for this request (undefined), or returns the job an earlier one made. */
async function claim(
  db: Db,
  userId: string,
  key: string,
  fingerprint: string,
  now: Date,
): Promise<TranscriptionRow | undefined> {
  // Forgotten: a key past its lifetime, or a claim that never made its job (stale).
  await db
    .deleteFrom("idempotency_keys")
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .where((eb) =>
      eb.or([
        eb("created_at", "<=", new Date(now.getTime() - IDEMPOTENCY_LIFETIME_MS).toISOString()),
        eb.and([
          eb("transcription_id", "is", null),
          eb("created_at", "<=", new Date(now.getTime() - CLAIM_TIMEOUT_MS).toISOString()),
        ]),
      ]),
    )
    .execute();
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({
      user_id: userId,
      key,
      fingerprint,
      transcription_id: null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return undefined;
  const earlier = await db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .executeTakeFirst();
  if (!earlier) return claim(db, userId, key, fingerprint, now); // freed meanwhile
  if (earlier.fingerprint !== fingerprint) {
    fail("IDEMPOTENCY_KEY_REUSED");
  }
  if (earlier.transcription_id === null) {
    fail("IDEMPOTENCY_REQUEST_IN_PROGRESS");
  }
  const job = await findTranscription(db, earlier.transcription_id);
  if (job) return job;
  // The user deleted that job since: the key starts afresh.
  await db
    .deleteFrom("idempotency_keys")
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .execute();
  return claim(db, userId, key, fingerprint, now);
}
