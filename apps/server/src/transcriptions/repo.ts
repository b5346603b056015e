import type { Cue, Speaker } from "@verbatim/subtitles";
import { sql, type Selectable } from "kysely";
import type { Db } from "../db/database.js";
import { queuedInOrder } from "../jobs/queue-order.js";
import type { TranscriptionsTable } from "../db/schema.js";
import type { StyleName } from "@verbatim/subtitles";
import type { Segment } from "@verbatim/engine";

/** A job's row. */
export type TranscriptionRow = Selectable<TranscriptionsTable>;

/** Job states; `completed`, `failed` and `cancelled` are final. */
import type { JobStatus } from "@verbatim/contract";

export { JOB_STATUSES, type JobStatus } from "@verbatim/contract";

/** True once a job has ended (completed, failed or cancelled). */
export function isFinal(status: string): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** Engine options a job keeps with it. */
export interface JobOptions {
  language: string;
  task: "transcribe" | "translate";
  wordTimestamps: boolean;
  chineseScript?: "hk" | "tw" | "cn";
  /** Subtitle style preset (absent on jobs made before presets: standard). */
  style?: StyleName;
  /** Initial prompt for the decoder (vocabulary, style), when the client gave one. */
  prompt?: string;
  /** Starting decoder temperature, when the client gave one (default 0). */
  temperature?: number;
  /** Speaker diarization: `auto`, `N` or `MIN-MAX` (parseSpeakersOption); absent when off. */
  speakers?: string;
  /**
   * Voices given with the request (/v1 `known_speaker_references[]`): name and embedding, no
   * audio. Matched before the user's saved voices.
   */
  knownVoices?: { name: string; embedding: number[] }[];
}

/** A new job, as accepted from an upload. */
export interface NewTranscription {
  id: string;
  userId: string;
  fileName: string;
  model: string;
  engineModel: string;
  options: JobOptions;
  mediaPath: string;
  mediaBytes: number;
  durationMs: number;
}

export async function insertTranscription(db: Db, job: NewTranscription, now: Date) {
  const at = now.toISOString();
  await db
    .insertInto("transcriptions")
    .values({
      id: job.id,
      user_id: job.userId,
      file_name: job.fileName,
      status: "queued",
      model: job.model,
      engine_model: job.engineModel,
      options_json: JSON.stringify(job.options),
      media_path: job.mediaPath,
      media_bytes: job.mediaBytes,
      duration_ms: job.durationMs,
      language: job.options.language === "auto" ? null : job.options.language,
      cues_json: null,
      progress: 0,
      eta_ms: null,
      error_code: null,
      error_message: null,
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

/** A job by id, only when it belongs to that user (anyone else's is "not found"). */
export async function findOwnTranscription(
  db: Db,
  userId: string,
  id: string,
): Promise<TranscriptionRow | undefined> {
  return db
    .selectFrom("transcriptions")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function findTranscription(db: Db, id: string): Promise<TranscriptionRow | undefined> {
  return db.selectFrom("transcriptions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The history columns of a user's jobs, newest first. */
export async function listTranscriptions(
  db: Db,
  userId: string,
  { limit, before, q }: { limit: number; before?: string | undefined; q?: string | undefined },
) {
  let query = db
    .selectFrom("transcriptions")
    .select([
      "id",
      "file_name",
      "created_at",
      "duration_ms",
      "model",
      "status",
      "language",
      "progress",
      "error_code",
      "error_message",
      "speaker_count",
    ])
    .where("user_id", "=", userId);
  if (before) query = query.where("created_at", "<", before);
  if (q) {
    // A literal match (no wildcards from the user), in the name or the subtitles' text.
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(file_name) like ${pattern} escape '\\'`,
        sql<boolean>`coalesce(search_text, '') like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
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
  guard: { workerId?: string | null } = {},
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
  guard: { workerId?: string | null } = {},
  /** The segments recognised so far, when they changed since the last save. */
  partial?: readonly LiveSegment[],
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
      ...(partial ? { partial_json: JSON.stringify(partial) } : {}),
    },
    now,
    guard,
  );
}

/** A passage recognised while a job runs (milliseconds). */
export interface LiveSegment {
  start: number;
  end: number;
  text: string;
}

/** The segments a running job has recognised so far. */
export function rowPartial(row: Pick<TranscriptionRow, "partial_json">): LiveSegment[] {
  return row.partial_json ? (JSON.parse(row.partial_json) as LiveSegment[]) : [];
}

/**
 * Queued jobs ahead of this one (0: it is next) and the media they hold, in milliseconds, in
 * the order the embedded queue takes them.
 */
export async function queueAhead(db: Db, job: Pick<TranscriptionRow, "created_at" | "id">) {
  const order = await queuedInOrder(db);
  const at = order.findIndex((queued) => queued.id === job.id);
  const ahead = at < 0 ? order : order.slice(0, at);
  return {
    jobs: ahead.length,
    mediaMs: ahead.reduce((sum, queued) => sum + queued.duration_ms, 0),
  };
}

/** Media still to transcribe by running jobs, in milliseconds. */
export async function runningRemainingMs(db: Db): Promise<number> {
  const rows = await db
    .selectFrom("transcriptions")
    .select(["duration_ms", "progress"])
    .where("status", "=", "processing")
    .execute();
  return rows.reduce((sum, row) => sum + row.duration_ms * (1 - Number(row.progress)), 0);
}

/** What history search looks in: the name and the subtitles' text, in lower case. */
export function searchText(fileName: string, cues: readonly Pick<Cue, "text">[]): string {
  return [fileName, ...cues.map((cue) => cue.text)].join("\n").toLowerCase();
}

/** A speaker as a diarized job keeps it: the engine's time spoken while the engine's. */
export interface StoredSpeaker extends Speaker {
  /** Milliseconds the speaker spoke, as diarization found (absent for speakers a user added). */
  speechMs?: number;
}

/** A row's speakers; null when the transcription was not diarized. */
export function rowSpeakers(row: Pick<TranscriptionRow, "speakers_json">): StoredSpeaker[] | null {
  return row.speakers_json ? (JSON.parse(row.speakers_json) as StoredSpeaker[]) : null;
}

/** Parses a row's stored cues. */
export function rowCues(row: Pick<TranscriptionRow, "cues_json">): Cue[] {
  return row.cues_json ? (JSON.parse(row.cues_json) as Cue[]) : [];
}

/**
 * One of Whisper's segments as a finished job keeps it (times in ms). The decoder's details are
 * there when the engine reported them: `temperature` only when decoding never raised it.
 */
export interface StoredSegment {
  start: number;
  end: number;
  text: string;
  /** Token ids, special tokens excluded. */
  tokens: number[];
  avgLogprob?: number;
  noSpeechProb?: number;
  temperature?: number;
}

/** What a job keeps of the engine's segments (token ids, not their texts and timings). */
export function storedSegments(segments: readonly Segment[]): StoredSegment[] {
  return segments.map((segment) => ({
    start: segment.start,
    end: segment.end,
    text: segment.text,
    tokens: (segment.tokens ?? []).map((token) => token.id),
    ...(segment.avgLogprob !== undefined ? { avgLogprob: segment.avgLogprob } : {}),
    ...(segment.noSpeechProb !== undefined ? { noSpeechProb: segment.noSpeechProb } : {}),
    ...(segment.temperature !== undefined ? { temperature: segment.temperature } : {}),
  }));
}

/** A finished row's Whisper segments; undefined for jobs finished before they were kept. */
export function rowSegments(
  row: Pick<TranscriptionRow, "segments_json">,
): StoredSegment[] | undefined {
  return row.segments_json ? (JSON.parse(row.segments_json) as StoredSegment[]) : undefined;
}

/** Parses a row's stored options. */
export function rowOptions(row: Pick<TranscriptionRow, "options_json">): JobOptions {
  return JSON.parse(row.options_json) as JobOptions;
}
