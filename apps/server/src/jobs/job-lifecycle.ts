import type { ModelFamily } from "@verbatim/contract";
import type { Segment } from "@verbatim/engine";
import type { Cue } from "@verbatim/subtitles";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "../db/schema.js";
import { removeStored } from "../storage/stored-files.js";
import type { Db, Tx } from "../db/database.js";
import { chargeMinutes, chargeTranscribed, reserveMinutes } from "../minutes/minute-ledger.js";
import type { JobEventBus } from "./job-events.js";
import type { JobQueue } from "./job-queue.js";
import { findTranscription } from "./job-reads.js";
import {
  chargedMs,
  isFinal,
  rowOptions,
  searchText,
  storedSegments,
  type JobStatus,
  type LiveSegment,
  type NewTranscription,
  type StoredSpeaker,
  type TranscriptionRow,
} from "./job-row.js";
import { queuedInOrder } from "./queue-order.js";
import { deleteInsightsOf } from "../insights/insight-store.js";
import { deleteRendersOf } from "../renders/render-store.js";

// A transcription job's life, and the only module that writes the jobs table (`transcriptions`):
//
//   createJob       minutes reserved for the media's length, row `queued`, handed to the queue
//   claimJob        a worker takes it: `processing` (claimNextJob: the embedded queue's pick)
//   saveProgress    progress, heartbeat and the text so far, every second while it runs
//   completeJob     `completed` with its result, charged for the real length
//   failJob         `failed`, charged for what it transcribed, media deleted, followers told
//   cancelJob       `cancelled` by its owner: stopped, charged for what it transcribed
//                   (released when it delivered no text), media deleted
//   handBackJob     back to `queued` at shutdown (this start not counted)
//   requeueJob      back to `queued` when its worker vanished
//   deleteJob       gone, with its files (cancelled first if it still runs)
//   markTranslationsQueued  its upload's "translate when done" requests queued (once)
//   moveIntoTeam    into a team, once (teams' move); handTeamJobsTo: a leaving account's
//                   jobs in a team become its owner's
//
// and, once completed, saveEdits (the owner's edits) and forgetListeningCopy (its audio copy's
// time is up). Every status change is a compare-and-set (transition), so two actors (a worker
// and a cancel, two workers after a redelivery) never both win.

/** Who may settle a running job: the worker that holds it, when given. */
export interface JobHolder {
  workerId?: string | null;
}

/** Stores a new job `queued` (createJob also reserves its minutes and wakes a worker). */
export async function insertTranscription(db: Db | Tx, job: NewTranscription, now: Date) {
  const at = now.toISOString();
  await db
    .insertInto("transcriptions")
    .values({
      id: job.id,
      user_id: job.userId,
      file_name: job.fileName,
      media_file_name: job.fileName,
      status: "queued",
      model: job.model,
      engine_model: job.engineModel,
      model_family: job.modelFamily ?? null,
      options_json: JSON.stringify(job.options),
      media_path: job.mediaPath,
      media_bytes: job.mediaBytes,
      media_probe_json: job.probed ? JSON.stringify(job.probed) : null,
      duration_ms: job.durationMs,
      video_frame_rate: job.videoFrameRate ?? null,
      language: job.options.language === "auto" ? null : job.options.language,
      cues_json: job.imported ? JSON.stringify(job.imported.cues) : null,
      ...(job.imported?.speakers ? { speakers_json: JSON.stringify(job.imported.speakers) } : {}),
      // "Translate when done": queued once it completes (the hook, else the sweep).
      translations_pending: job.options.translateTo?.length ? 1 : 0,
      progress: 0,
      eta_ms: null,
      error_code: null,
      error_message: null,
      batch_id: job.batchId ?? null,
      team_id: job.teamId ?? null,
      payer_id: job.payerId ?? job.userId,
      attempts: 0,
      worker_id: null,
      heartbeat_at: null,
      created_at: at,
      updated_at: at,
      started_at: null,
      finished_at: null,
    })
    .execute();
}

/**
 * Moves a job from one status to another only if it is still in `from`; true when it did.
 * Every state change goes through this, so two actors (a worker, a cancel) never both win.
 */
export async function transition(
  db: Db,
  id: string,
  from: readonly JobStatus[],
  changes: Partial<Omit<TranscriptionRow, "id" | "user_id">>,
  now: Date,
  guard: JobHolder = {},
): Promise<boolean> {
  let query = db
    .updateTable("transcriptions")
    .set({ ...changes, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "in", [...from]);
  // A worker settles only a job it still holds (another may have taken over a stalled one).
  if (guard.workerId) query = query.where("worker_id", "=", guard.workerId);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

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

/** What a run produced, as completeJob stores it. */
export interface JobResult {
  cues: readonly Cue[];
  segments: readonly Segment[];
  speakers?: readonly StoredSpeaker[] | undefined;
  language: string | null;
  durationMs: number;
  /** The model family that ran it; undefined when no engine ran (an import that keeps its timings). */
  family?: ModelFamily | undefined;
  /** The model that ran, when it is not the one queued (an "auto" job routed by its language). */
  engineModel?: string | undefined;
  /** The audio copy kept for the editor's player, and when it goes; null when none was made. */
  audio: { path: string; expires: string } | null;
  /** Shot changes found in the video (ms, in order); absent for audio or none looked for. */
  shotChanges?: readonly number[] | undefined;
}

/**
 * Marks a running job completed with its result, deletes the uploaded media and charges the
 * real duration (capped at the reservation). False when the job no longer runs under this
 * worker (cancelled at the last moment, or taken over): nothing is charged or deleted.
 */
export async function completeJob(
  db: Db,
  job: Pick<TranscriptionRow, "id" | "user_id" | "file_name" | "media_path" | "options_json">,
  result: JobResult,
  now: () => Date,
  holder: JobHolder,
): Promise<boolean> {
  const completion = completionChanges(job, result, now);
  let failedBefore = false;
  const completed = await retrying(
    async () => {
      const changed = await transition(db, job.id, ["processing"], completion, now(), holder);
      // A try that failed may have been written all the same (the answer was lost): then the
      // row is completed under this worker.
      if (changed || !failedBefore) return changed;
      const row = await findTranscription(db, job.id);
      return row?.status === "completed" && row.worker_id === (holder.workerId ?? row.worker_id);
    },
    () => (failedBefore = true),
  );
  if (!completed) return false;
  if (job.media_path) await removeStored(job.media_path);
  await settleCompletedJob(db, { ...job, duration_ms: result.durationMs }, now());
  return true;
}

/**
 * Stores a stopped live session as a completed transcription (docs/live.md): its cues, segments
 * and audio copy, and what its live minutes charged (settled by the session's own steps in the
 * ledger, not by a reservation of this job: the sweeps of unsettled jobs pass it by). Stored in
 * one transaction so no worker ever sees it queued.
 */
export async function insertLiveTranscription(
  db: Db,
  job: Omit<NewTranscription, "mediaPath" | "mediaBytes"> & { startedAt: string },
  result: JobResult,
  chargedSeconds: number,
  now: () => Date,
): Promise<void> {
  const at = now();
  await db.transaction().execute(async (tx) => {
    await insertTranscription(tx, { ...job, mediaPath: "", mediaBytes: 0 }, at);
    await tx
      .updateTable("transcriptions")
      .set({
        ...completionChanges({ file_name: job.fileName }, result, now),
        charged_seconds: chargedSeconds,
        transcribed_ms: result.durationMs,
        started_at: job.startedAt,
        updated_at: at.toISOString(),
      })
      .where("id", "=", job.id)
      .execute();
  });
}

/**
 * Settles a completed job: charged its decoded length (never more than it reserved), the rest
 * released. Returns the seconds charged.
 */
async function settleCompletedJob(
  db: Db,
  job: Pick<TranscriptionRow, "id" | "user_id" | "duration_ms" | "options_json">,
  now: Date,
): Promise<number> {
  const seconds = chargedMs(rowOptions(job), job.duration_ms) / 1000;
  return retrying(async () => {
    const charged = await chargeMinutes(db, await payerOf(db, job), job.id, seconds, now);
    await recordCharge(db, job.id, charged);
    return charged;
  });
}

/** What completeJob writes on the row. */
function completionChanges(
  job: Pick<TranscriptionRow, "file_name">,
  result: JobResult,
  now: () => Date,
) {
  return {
    status: "completed",
    audio_path: result.audio?.path ?? null,
    audio_expires_at: result.audio?.expires ?? null,
    cues_json: JSON.stringify(result.cues),
    segments_json: JSON.stringify(storedSegments(result.segments)),
    speakers_json: result.speakers ? JSON.stringify(result.speakers) : null,
    speaker_count: result.speakers ? result.speakers.length : null,
    shot_changes_json: result.shotChanges ? JSON.stringify(result.shotChanges) : null,
    search_text: searchText(job.file_name, result.cues),
    language: result.language,
    ...(result.family ? { model_family: result.family } : {}),
    ...(result.engineModel ? { engine_model: result.engineModel } : {}),
    duration_ms: result.durationMs,
    progress: 1,
    eta_ms: null,
    partial_json: null,
    media_path: null,
    finished_at: now().toISOString(),
  } as const;
}

/**
 * Settles a job that stopped before completing (failed or cancelled, whoever stopped it and
 * why): charged for the audio it had transcribed — how far the text it delivered reaches, read
 * after the job left `processing`, so no passage can be sent after it — never more than it
 * reserved; free when it delivered no text. Returns the seconds charged.
 */
export async function settleStoppedJob(
  db: Db,
  job: Pick<TranscriptionRow, "id" | "user_id">,
  now: Date,
): Promise<number> {
  return retrying(async () => {
    const row = await db
      .selectFrom("transcriptions")
      .select("transcribed_ms")
      .where("id", "=", job.id)
      .executeTakeFirst();
    const seconds = (row?.transcribed_ms ?? 0) / 1000;
    const charged = await chargeTranscribed(db, await payerOf(db, job), job.id, seconds, now);
    await recordCharge(db, job.id, charged);
    return charged;
  });
}

/**
 * Whose minutes a job's settlement moves: the payer its reservation was made from (the team
 * owner for a team's job), or for a job from before payers were recorded, its user.
 */
async function payerOf(db: Db, job: Pick<TranscriptionRow, "id" | "user_id">): Promise<string> {
  const row = await db
    .selectFrom("transcriptions")
    .select("payer_id")
    .where("id", "=", job.id)
    .executeTakeFirst();
  return row?.payer_id ?? job.user_id;
}

/** Pauses between tries of a settlement that failed (the database away, its disk full). */
const SETTLE_RETRY_MS = [250, 500, 1_000, 2_000, 4_000];

/**
 * Runs a settlement step, trying again a few times over about 8 seconds when the database
 * fails (every step is idempotent); past that the error is thrown, and the job is settled by
 * the next sweep (settleUnsettledJobs, or the stalled-job sweep for one still running).
 */
async function retrying<T>(step: () => Promise<T>, onFailure?: () => void): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const pause = SETTLE_RETRY_MS[attempt];
      if (pause === undefined) throw error;
      onFailure?.();
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** Jobs settled per pass of settleUnsettledJobs. */
const SETTLE_BATCH = 500;

/** How far back the frequent settlement passes look (older jobs: the hourly one). */
export const RECENT_SETTLEMENT_MS = 24 * 60 * 60 * 1000;

/**
 * Settles jobs that ended but whose minutes were not settled (the database or its disk failed
 * between marking a job and settling it, or the process died there): a completed job is
 * charged its length, a failed or cancelled one what it transcribed. Settling is idempotent,
 * so a job settled meanwhile is left as it is. With `finishedSince`, only jobs that ended
 * since then (the frequent pass); without it, all (the hourly one). Returns how many.
 */
export async function settleUnsettledJobs(
  db: Db,
  now: Date,
  finishedSince?: Date,
): Promise<number> {
  let query = db
    .selectFrom("transcriptions as t")
    .select(["t.id", "t.user_id", "t.status", "t.duration_ms", "t.options_json"])
    .where("t.status", "in", ["completed", "failed", "cancelled"])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("minute_ledger as l")
            .select("l.id")
            .where("l.idempotency_key", "in", [
              sql<string>`${"charge:"} || t.id`,
              sql<string>`${"release:"} || t.id || ${":plan"}`,
            ]),
        ),
      ),
    )
    // Only jobs that reserved minutes (a job whose reservation never happened has nothing).
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("minute_ledger as r")
          .select("r.id")
          .where("r.idempotency_key", "=", sql<string>`${"reserve:"} || t.id || ${":plan"}`),
      ),
    );
  if (finishedSince) query = query.where("t.finished_at", ">=", finishedSince.toISOString());
  const rows = await query.limit(SETTLE_BATCH).execute();
  for (const row of rows) {
    if (row.status === "completed") await settleCompletedJob(db, row, now);
    else await settleStoppedJob(db, row, now);
  }
  return rows.length;
}

/**
 * Marks a completed job's "translate when done" requests queued; false when they were not
 * waiting (another process queued them first, or none were asked).
 */
export async function markTranslationsQueued(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable("transcriptions")
    .set({ translations_pending: 0 })
    .where("id", "=", id)
    .where("translations_pending", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes on the row what its settlement charged (the ledger holds the entries). */
async function recordCharge(db: Db, id: string, seconds: number): Promise<void> {
  await db
    .updateTable("transcriptions")
    .set({ charged_seconds: seconds })
    .where("id", "=", id)
    .execute();
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

/** Moves a job into a team, once: false when it is in a team already (or gone). */
export async function moveIntoTeam(db: Db, id: string, teamId: string): Promise<boolean> {
  const moved = await db
    .updateTable("transcriptions")
    .set({ team_id: teamId })
    .where("id", "=", id)
    .where("team_id", "is", null)
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

/** A member's account is going: their jobs in the team become the team owner's. */
export async function handTeamJobsTo(
  db: Db,
  { fromUserId, teamId, ownerId }: { fromUserId: string; teamId: string; ownerId: string },
): Promise<void> {
  await db
    .updateTable("transcriptions")
    .set({ user_id: ownerId })
    .where("user_id", "=", fromUserId)
    .where("team_id", "=", teamId)
    .execute();
}

/** Deletes every job row of a user, inside the account deletion's transaction. */
export async function deleteJobsOf(tx: Tx, userId: string): Promise<void> {
  await keepUsageOf(tx, (eb) => eb("user_id", "=", userId));
  await tx.deleteFrom("transcriptions").where("user_id", "=", userId).execute();
}

/** What a deleted job's usage keeps: its outcome, length, charge and times. */
const USAGE_COLUMNS = [
  "id",
  "status",
  "error_code",
  "duration_ms",
  "charged_seconds",
  "created_at",
  "finished_at",
] as const;

/**
 * Keeps the usage figures of ended jobs about to be deleted (outcome, length, charge, times:
 * nothing of their content or owner), so usage counts what was transcribed and charged.
 */
async function keepUsageOf(
  tx: Tx,
  which: (eb: ExpressionBuilder<Database, "transcriptions">) => Expression<SqlBool>,
): Promise<void> {
  await tx
    .insertInto("deleted_job_usage")
    .columns(USAGE_COLUMNS)
    .expression((eb) =>
      eb
        .selectFrom("transcriptions")
        .select(USAGE_COLUMNS)
        .where(which)
        .where("status", "in", ["completed", "failed", "cancelled"]),
    )
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** What an owner's edit changes on a job. */
export interface JobEdits {
  file_name?: string;
  cues_json?: string;
  search_text?: string;
  speakers_json?: string;
  speaker_count?: number;
}

/**
 * Saves an owner's edits. With `ifUnchangedSince`, a compare-and-set: only while the subtitles
 * and speakers are still those of that row (another tab's save since changes nothing). False
 * when nothing was saved (that race, or the job is gone).
 */
export async function saveEdits(
  db: Db,
  id: string,
  edits: JobEdits,
  now: Date,
  ifUnchangedSince?: Pick<TranscriptionRow, "cues_json" | "speakers_json">,
): Promise<boolean> {
  let update = db
    .updateTable("transcriptions")
    .set({ ...edits, updated_at: now.toISOString() })
    .where("id", "=", id);
  if (ifUnchangedSince) {
    const { cues_json, speakers_json } = ifUnchangedSince;
    update =
      cues_json === null
        ? update.where("cues_json", "is", null)
        : update.where("cues_json", "=", cues_json);
    update =
      speakers_json === null
        ? update.where("speakers_json", "is", null)
        : update.where("speakers_json", "=", speakers_json);
  }
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A job's audio copy was deleted (its time was up): the row no longer points to it, and keeps
 * when it went (`audio_expires_at`), so a shared page can say the audio expired.
 */
export async function forgetListeningCopy(db: Db, id: string): Promise<void> {
  await db.updateTable("transcriptions").set({ audio_path: null }).where("id", "=", id).execute();
}
