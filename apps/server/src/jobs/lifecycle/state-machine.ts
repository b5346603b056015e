// A transcription job's life from queued to ended (part of jobs/lifecycle/, the one writer of
// the jobs table, `transcriptions`):
//
//   createJob       minutes reserved for the media's length, row `queued`, handed to the queue
//   claimJob        a worker takes it: `processing` (claimNextJob: the embedded queue's pick)
//   saveProgress    progress, heartbeat and the text so far, every second while it runs
//   failJob         `failed`, charged for what it transcribed, media deleted, followers told
//   cancelJob       `cancelled` by its owner: stopped, charged for what it transcribed
//                   (released when it delivered no text), media deleted
//   handBackJob     back to `queued` at shutdown (this start not counted)
//   requeueJob      back to `queued` when its worker vanished
//   deleteJob       gone, with its files (cancelled first if it still runs)
//
// Completing a job and settling its minutes are settlement.ts's; the owner's edits and moves,
// owner-edits.ts's. Every status change is a compare-and-set (transition.ts), so two actors
// (a worker and a cancel, two workers after a redelivery) never both win.
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { deleteInsightsOf } from "../../insights/insight-store.js";
import { reserveMinutes } from "../../minutes/minute-ledger.js";
import { deleteRendersOf } from "../../renders/render-store.js";
import { removeStored } from "../../storage/stored-files.js";
import type { JobEventBus } from "../job-events.js";
import type { JobQueue } from "../job-queue.js";
import { findTranscription } from "../job-reads.js";
import {
  chargedMs,
  isFinal,
  type LiveSegment,
  type NewTranscription,
  type TranscriptionRow,
} from "../job-row.js";
import { queuedInOrder } from "../queue-order.js";
import { keepUsageOf, settleStoppedJob } from "./settlement.js";
import { insertTranscription, transition, type JobHolder } from "./transition.js";

/**
 * Takes in a new job: reserves minutes for its measured length from its payer (the user, or
 * for a team's job the team owner; 402 when they lack them) and stores it `queued` in one
 * transaction (a job that cannot be stored reserves
 * nothing, whatever happens to the process), then hands it to the queue. Returns the stored row.
 */
export async function createJob(
  { db, jobs, now }: { db: Db; jobs: Pick<JobQueue, "enqueued">; now: () => Date },
  job: NewTranscription,
): Promise<TranscriptionRow> {
  const at = now();
  const seconds = chargedMs(job.options, job.durationMs) / 1000;
  await reserveMinutes(db, job.payerId ?? job.userId, job.id, seconds, at, (tx) =>
    insertTranscription(tx, job, at),
  );
  await jobs.enqueued(job.id);
  const row = await findTranscription(db, job.id);
  if (!row) throw new Error(`job ${job.id} vanished after insert`);
  return row;
}

/** What a worker sets on a job it starts. */
function claimChanges(workerId: string, at: string) {
  return {
    status: "processing",
    attempts: sql<number>`attempts + 1`,
    worker_id: workerId,
    started_at: at,
    heartbeat_at: at,
    updated_at: at,
    progress: 0,
    eta_ms: null,
  } as const;
}

/**
 * Claims one job delivered by the queue: a queued job, or one still `processing` under a
 * worker that died (the queue redelivers a job only when its holder lost it). Undefined when
 * the job has ended meanwhile (cancelled, completed) or does not exist.
 */
export async function claimJob(
  db: Db,
  id: string,
  workerId: string,
  now: Date,
): Promise<TranscriptionRow | undefined> {
  const claimed = await db
    .updateTable("transcriptions")
    .set(claimChanges(workerId, now.toISOString()))
    .where("id", "=", id)
    .where("status", "in", ["queued", "processing"])
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n ? findTranscription(db, id) : undefined;
}

/**
 * Claims the next queued job for a worker (in the queue's order: paid plans first, then users
 * in turn, then the oldest); undefined when none is waiting.
 */
export async function claimNextJob(
  db: Db,
  workerId: string,
  now: Date,
): Promise<TranscriptionRow | undefined> {
  for (let tries = 0; tries < 5; tries++) {
    const [next] = await queuedInOrder(db);
    if (!next) return undefined;
    const claimed = await db
      .updateTable("transcriptions")
      .set(claimChanges(workerId, now.toISOString()))
      .where("id", "=", next.id)
      .where("status", "=", "queued")
      .executeTakeFirst();
    if (claimed.numUpdatedRows > 0n) return findTranscription(db, next.id);
  }
  return undefined;
}

/** Progress and heartbeat of a running job; false when it no longer runs (under that worker). */
export async function saveProgress(
  db: Db,
  id: string,
  progress: number,
  etaMs: number | null,
  now: Date,
  guard: JobHolder = {},
  /**
   * The text delivered so far, when it changed since the last save: the segments (undefined
   * once too many are kept) and how far into the media the text reaches (in this run or an
   * earlier one). Saved before the text is sent, so what was sent is always what the job is
   * charged for when it stops.
   */
  delivered?: { partial: readonly LiveSegment[] | undefined; transcribedMs: number },
): Promise<boolean> {
  const at = now.toISOString();
  return transition(
    db,
    id,
    ["processing"],
    {
      progress,
      eta_ms: etaMs === null ? null : Math.round(etaMs),
      heartbeat_at: at,
      ...(delivered?.partial ? { partial_json: JSON.stringify(delivered.partial) } : {}),
      ...(delivered ? { transcribed_ms: Math.ceil(delivered.transcribedMs) } : {}),
    },
    now,
    guard,
  );
}

/**
 * Marks a job failed (if it still runs or waits), settles its minutes (charged for the audio it
 * had transcribed: free when it delivered no text) and tells followers. With
 * `guard.workerId`, only while that worker still holds it; false when it did not.
 */
export async function failJob(
  { db, events, now }: { db: Db; events: JobEventBus; now: () => Date },
  job: Pick<TranscriptionRow, "id" | "user_id" | "media_path">,
  code: string,
  message: string,
  guard: JobHolder = {},
): Promise<boolean> {
  const failed = await transition(
    db,
    job.id,
    ["queued", "processing"],
    {
      status: "failed",
      error_code: code,
      error_message: message,
      media_path: null,
      eta_ms: null,
      finished_at: now().toISOString(),
    },
    now(),
    guard,
  );
  if (!failed) {
    if (guard.workerId) return false; // another worker holds it now
    // A job that completed is settled by its charge: never release it.
    if ((await findTranscription(db, job.id))?.status === "completed") return false;
  }
  const chargedSeconds = await settleStoppedJob(db, job, now());
  if (job.media_path) await removeStored(job.media_path);
  if (failed) events.publish(job.id, { type: "failed", code, message, chargedSeconds });
  return failed;
}

/**
 * Cancels a waiting or running job for its owner: stopped wherever it runs, charged for the
 * audio it had transcribed (released in full when it had delivered no text), a queued job's
 * media deleted (a running job's worker deletes it when the engine stops), followers told.
 * False when the job had already ended.
 */
export async function cancelJob(
  { db, jobs, now }: { db: Db; jobs: Pick<JobQueue, "events" | "stopRunning">; now: () => Date },
  row: TranscriptionRow,
): Promise<boolean> {
  const message = "The transcription was cancelled.";
  const cancelled = await transition(
    db,
    row.id,
    ["queued", "processing"],
    {
      status: "cancelled",
      error_code: "CANCELLED",
      error_message: message,
      eta_ms: null,
      finished_at: now().toISOString(),
    },
    now(),
  );
  if (!cancelled) return false;
  jobs.stopRunning(row.id, "cancel");
  const chargedSeconds = await settleStoppedJob(db, row, now());
  if (row.status === "queued" && row.media_path) await removeStored(row.media_path);
  await db
    .updateTable("transcriptions")
    .set({ media_path: null })
    .where("id", "=", row.id)
    .where("status", "=", "cancelled")
    .execute();
  jobs.events.publish(row.id, { type: "failed", code: "CANCELLED", message, chargedSeconds });
  jobs.events.queueMoved();
  return true;
}

/**
 * Puts a job this worker runs back in the queue (a shutdown): the start is not counted, and
 * the text so far is dropped, as the next run recognises it again. False when the worker no
 * longer held it.
 */
export async function handBackJob(
  db: Db,
  job: Pick<TranscriptionRow, "id" | "attempts">,
  now: Date,
  holder: JobHolder,
): Promise<boolean> {
  return transition(
    db,
    job.id,
    ["processing"],
    {
      status: "queued",
      attempts: Math.max(0, job.attempts - 1),
      worker_id: null,
      progress: 0,
      partial_json: null,
    },
    now,
    holder,
  );
}

/**
 * Puts a job whose worker vanished (a restart, a lost heartbeat) back in the queue; the start
 * still counts. With `guard.workerId`, only while that worker still holds it.
 */
export async function requeueJob(
  db: Db,
  id: string,
  now: Date,
  guard: JobHolder = {},
): Promise<boolean> {
  return transition(
    db,
    id,
    ["processing"],
    { status: "queued", worker_id: null, progress: 0, eta_ms: null },
    now,
    guard,
  );
}

/**
 * Deletes a job with its media, audio copy and captioned videos; a job still waiting or running is cancelled
 * first. Its usage figures stay (keepUsageOf).
 */
export async function deleteJob(
  ctx: {
    db: Db;
    jobs: Pick<JobQueue, "events" | "stopRunning">;
    now: () => Date;
    /** Writes the events of a job its deletion cancelled, while its row is still there. */
    webhooks?: { recordEnded(jobId: string): Promise<void> };
  },
  row: TranscriptionRow,
): Promise<void> {
  if (!isFinal(row.status) && (await cancelJob(ctx, row))) {
    await ctx.webhooks?.recordEnded(row.id);
  }
  if (row.media_path) await removeStored(row.media_path);
  if (row.audio_path) await removeStored(row.audio_path);
  await deleteRendersOf(ctx.db, row.id, ctx.now());
  await deleteInsightsOf(ctx.db, row.id, ctx.now());
  await ctx.db.transaction().execute(async (tx) => {
    await keepUsageOf(tx, (eb) => eb("id", "=", row.id));
    await tx.deleteFrom("transcriptions").where("id", "=", row.id).execute();
  });
}
