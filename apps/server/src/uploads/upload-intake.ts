import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { formatSpeakersOption } from "@verbatim/contract";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { createJob } from "../jobs/job-lifecycle.js";
import type { JobOptions, TranscriptionRow } from "../jobs/job-row.js";
import { minuteBalance } from "../minutes/minute-ledger.js";
import {
  idempotencyKeyOf,
  keyHasJob,
  once,
  requestFingerprint,
} from "../transcriptions/idempotency.js";
import { UploadOptions } from "@verbatim/contract/api";
import type { TranscriptionServices } from "../transcriptions/service.js";
import {
  requireDiarizationModels,
  requireSpeakersOption,
} from "../transcriptions/speakers-option.js";
import type { User } from "../users/repo.js";
import { probeUpload } from "./probe-upload.js";
import {
  receiveMultipart,
  uploadFileName,
  type ReceivedFile,
  type ReceivedSubtitles,
} from "./receive-multipart.js";
import { importOptions, readUploadedSubtitles, subtitlesFingerprint } from "./subtitle-import.js";
import { MAX_IMPORT_BYTES } from "@verbatim/subtitles/import";
import { claimForCombine, combineChunks, endSession, reopenSession } from "./upload-sessions.js";
import { validationFailed } from "../http/validation-failed.js";

// Upload intake: how a file becomes a transcription job, for every way one arrives — a
// multipart upload to /api/transcribe, the same to OpenAI's /v1/audio/transcriptions and
// /translations, and the chunks of a large file joined by /api/uploads/combine. The order of
// the checks is the defence:
//   1. before any bytes: the Idempotency-Key (a retry of a request that made its job is
//      answered with that job), a model that can run (503), some minutes left (402);
//   2. while the body streams: its size (413), and the options sent before the file;
//   3. the file itself: probed with the engine's allow-list (400/415: not media, a playlist),
//      its real length measured (never the length a header declares), and those minutes
//      reserved (402) before the job is stored and queued.
// A file that does not become a job is deleted, so a refused upload leaves nothing behind.

/** Checks the upload's text fields and model before any bytes are kept. */
async function checkUploadOptions(
  services: Pick<TranscriptionServices, "models" | "config">,
  user: User,
  fields: Record<string, unknown>,
): Promise<{
  model: string;
  engineModel: string;
  options: JobOptions;
  /** `retime` as sent (for an imported subtitle file). */
  retime: boolean | undefined;
}> {
  const speakers = requireSpeakersOption(fields.speakers);
  if (speakers.kind !== "off") await requireDiarizationModels(services.config.modelsDir);
  const parsed = UploadOptions.safeParse(fields);
  if (!parsed.success) throw validationFailed(parsed.error);
  const {
    model,
    generateTimestamps,
    language,
    task,
    chineseScript,
    style,
    prompt,
    temperature,
    bilingual,
  } = parsed.data;
  if (bilingual && task === "translate") fail("BILINGUAL_NOT_POSSIBLE");
  const choice = await services.models.choose(model);
  // Traditional (HK) Chinese by default for people who use the interface in Traditional Chinese.
  const script = chineseScript ?? (user.locale === "zh-HK" ? "hk" : undefined);
  return {
    model: choice.requested,
    engineModel: choice.engineModel,
    options: {
      language,
      task,
      wordTimestamps: generateTimestamps,
      ...(script && script !== "none" ? { chineseScript: script } : {}),
      ...(style ? { style } : {}),
      ...(prompt?.trim() ? { prompt: prompt.trim() } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      ...(speakers.kind !== "off" ? { speakers: formatSpeakersOption(speakers) } : {}),
      ...(bilingual ? { bilingual: true as const } : {}),
    },
    retime: parsed.data.retime,
  };
}

/** 402 before any bytes are read when the user has no minutes at all. */
export async function requireSomeMinutes(db: Db, user: User, now: Date): Promise<void> {
  const balance = await minuteBalance(db, user.id, now);
  if (balance.planSeconds + balance.packSeconds <= 0) {
    fail("INSUFFICIENT_MINUTES", { neededMinutes: 1, availableMinutes: 0 });
  }
}

/**
 * Turns an uploaded file into a queued job: probes it (400/415 with the engine's code when it
 * is not usable media), reserves its minutes (402), stores the job and wakes a worker. The
 * file is deleted on any failure, so a rejected upload leaves nothing behind.
 */
async function acceptUpload(
  services: TranscriptionServices,
  user: User,
  file: ReceivedFile,
  fields: Record<string, unknown>,
  /** Options no form field sets (the known voices of a /v1 request). */
  extra: Pick<JobOptions, "knownVoices"> = {},
  /** A subtitle or transcript file sent with the media (`subtitles`). */
  subtitles?: ReceivedSubtitles,
): Promise<TranscriptionRow> {
  try {
    const choice = await checkUploadOptions(services, user, fields);
    const imported = subtitles ? await readUploadedSubtitles(subtitles) : undefined;
    if (imported && choice.options.bilingual) fail("BILINGUAL_NOT_POSSIBLE");
    const media = await probeUpload(file.path);
    return await createJob(services, {
      id: randomUUID(),
      userId: user.id,
      fileName: file.fileName,
      model: choice.model,
      engineModel: choice.engineModel,
      options: {
        ...choice.options,
        ...extra,
        ...(imported ? importOptions(imported, choice.retime) : {}),
      },
      mediaPath: file.path,
      mediaBytes: file.bytes,
      durationMs: media.durationMs,
      ...(imported ? { imported: { cues: imported.cues, speakers: imported.speakers } } : {}),
    });
  } catch (error) {
    await rm(file.path, { force: true });
    throw error;
  }
}

/** The job a request made (or found: a retry with its Idempotency-Key), and whether it had a key. */
export interface TakenIn {
  row: TranscriptionRow;
  /** Sent with an Idempotency-Key: the job runs on when the client hangs up, for the retry. */
  keyed: boolean;
}

/** How a multipart route differs from the others. */
export interface MultipartIntake<Parsed> {
  /** Names the request in Idempotency-Key fingerprints (the same fields to another route differ). */
  route: string;
  /**
   * 503 before the body when no model at all can run (the web app's route); /v1 answers for
   * the model asked for instead.
   */
  requireUsableModel: boolean;
  /** Longest text field, in bytes (receiveMultipart's default when absent). */
  fieldSizeBytes?: number;
  /** Takes a subtitle or transcript file with the media (field `subtitles`; the web app's route). */
  acceptsSubtitles?: boolean;
  /**
   * The upload options among the fields sent before the file, checked before its bytes are
   * read; undefined when they hold nothing to check yet. May throw the route's own errors.
   */
  earlyOptions(early: Record<string, string>): Record<string, unknown> | undefined;
  /**
   * Reads the received fields: the upload options of the job, options no form field sets, what
   * the request's fingerprint covers, and what else the route needs for its answer. Defaults to
   * the fields as they are (the web app's form). The file is deleted when this throws.
   */
  read?(received: {
    fields: Record<string, string>;
    lists: Record<string, string[]>;
  }): Promise<ReadUpload<Parsed>>;
}

/** What a route reads from an upload's fields. */
export interface ReadUpload<Parsed> {
  options: Record<string, unknown>;
  extra?: Pick<JobOptions, "knownVoices">;
  fingerprint: Record<string, unknown>;
  parsed: Parsed;
}

/**
 * Takes in a multipart upload (the media in the field `file`, options in text fields) as a
 * queued job, at most once per Idempotency-Key: a retry of the same request gets the first
 * request's job and its file is dropped.
 */
export async function takeInUpload<Parsed = undefined>(
  services: TranscriptionServices,
  request: FastifyRequest,
  user: User,
  intake: MultipartIntake<Parsed>,
): Promise<TakenIn & { parsed: Parsed }> {
  const { db, config, now } = services;
  const key = idempotencyKeyOf(request);
  if (intake.requireUsableModel) await services.models.requireAnyUsable();
  // A retry of a request that made its job is answered even when no minutes are left.
  if (!(await keyHasJob(db, user, key))) await requireSomeMinutes(db, user, now());
  const { file, subtitles, fields, lists } = await receiveMultipart(request, {
    dir: config.uploadDir,
    limitBytes: config.maxUploadBytes,
    ...(intake.acceptsSubtitles ? { subtitlesLimitBytes: MAX_IMPORT_BYTES } : {}),
    ...(intake.fieldSizeBytes !== undefined ? { fieldSizeBytes: intake.fieldSizeBytes } : {}),
    beforeFile: async (early) => {
      const options = intake.earlyOptions(early);
      if (options) await checkUploadOptions(services, user, options);
    },
  });
  // Every way this request can end without a new job — a bad field, the key reused for
  // another request or still in progress (409), a replay of the first request's job — deletes
  // the file it sent, at once; once a job holds the file, the job owns it.
  let jobHoldsFile = false;
  try {
    const read: ReadUpload<Parsed> = intake.read
      ? await intake.read({ fields, lists })
      : // Without a reader the fields are the form's own, and nothing else is parsed.
        { options: fields, fingerprint: fields, parsed: undefined as Parsed };
    const fingerprint = requestFingerprint(
      intake.route,
      { ...read.fingerprint, ...subtitlesFingerprint(subtitles) },
      file.sha256,
    );
    const { row, replayed } = await once(db, user, key, fingerprint, now(), async () => {
      const made = await acceptUpload(services, user, file, read.options, read.extra, subtitles);
      jobHoldsFile = true;
      return made;
    });
    if (replayed) await rm(file.path, { force: true });
    return { row, keyed: key !== undefined, parsed: read.parsed };
  } catch (error) {
    if (!jobHoldsFile) await rm(file.path, { force: true });
    throw error;
  }
}

/** What /api/uploads/combine asks for: the session, the file's name and size, and the options. */
export interface CombineRequest extends Record<string, unknown> {
  sessionId: string;
  fileName: string;
  totalChunks: number;
  originalFileSize: number;
}

/**
 * Takes in a chunked upload's file as a queued job: one combine wins the session; the others
 * (a double click, a retry racing the first try) get 409 and make no job — or, with the first
 * one's Idempotency-Key, its job. A combine that fails gives the session back with its chunks,
 * so a bad option or a missing minute costs no re-upload.
 */
export async function takeInChunks(
  services: TranscriptionServices,
  request: FastifyRequest,
  user: User,
  body: CombineRequest,
): Promise<TakenIn> {
  const { db, config, now } = services;
  const key = idempotencyKeyOf(request);
  await services.models.requireAnyUsable();
  const fingerprint = requestFingerprint("/api/uploads/combine", body);
  const { row } = await once(db, user, key, fingerprint, now(), async () => {
    await claimForCombine(db, user.id, body.sessionId, now());
    let accepted;
    try {
      // The options are checked before the chunks are joined: a bad one costs no copying.
      await checkUploadOptions(services, user, body);
      const joined = await combineChunks(db, config.uploadDir, body.sessionId, body);
      accepted = await acceptUpload(
        services,
        user,
        {
          path: joined.path,
          bytes: joined.bytes,
          fileName: uploadFileName(body.fileName),
          mimeType: "",
        },
        body,
      );
    } catch (error) {
      await reopenSession(db, body.sessionId);
      throw error;
    }
    await endSession(db, config.uploadDir, body.sessionId);
    return accepted;
  });
  return { row, keyed: key !== undefined };
}
