// The two writes the rest of a job's life is built on (jobs/lifecycle/ is the one writer of the
// jobs table, `transcriptions`): insertTranscription stores a new job `queued`, and transition
// is the compare-and-set every status change goes through, so two actors (a worker and a
// cancel, two workers after a redelivery) never both win. The state machine
// (state-machine.ts), settlement (settlement.ts) and the owner's edits (owner-edits.ts) use them.
import type { Db, Tx } from "../../db/database.js";
import type { JobStatus, NewTranscription, TranscriptionRow } from "../job-row.js";

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
