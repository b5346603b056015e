// How a job's minutes are settled, and the end that settles them (part of jobs/lifecycle/, the
// one writer of the jobs table, `transcriptions`, and of `deleted_job_usage`):
//
//   completeJob          `completed` with its result, charged for the real length
//   insertLiveTranscription  a stopped live session stored completed, with what it charged
//   settleStoppedJob     a failed or cancelled job charged for what it transcribed
//   settleUnsettledJobs  the sweep of ended jobs whose settlement was lost
//   keepUsageOf          a deleted job's usage figures kept for the counts
//
// Each settlement step is idempotent and retried a few times (retrying); the charge is noted
// on the row (recordCharge) from the payer its reservation was made from (payerOf).
import type { ModelFamily } from "@verbatim/contract";
import type { Segment } from "@verbatim/engine";
import type { Cue } from "@verbatim/subtitles";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { chargeMinutes, chargeTranscribed } from "../../minutes/minute-ledger.js";
import { removeStored } from "../../storage/stored-files.js";
import { findTranscription } from "../job-reads.js";
import {
  chargedMs,
  rowOptions,
  searchText,
  storedSegments,
  type NewTranscription,
  type StoredSpeaker,
  type TranscriptionRow,
} from "../job-row.js";
import { insertTranscription, transition, type JobHolder } from "./transition.js";

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

/** Notes on the row what its settlement charged (the ledger holds the entries). */
async function recordCharge(db: Db, id: string, seconds: number): Promise<void> {
  await db
    .updateTable("transcriptions")
    .set({ charged_seconds: seconds })
    .where("id", "=", id)
    .execute();
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
export async function keepUsageOf(
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
