import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { mediaFileIdentity } from "@verbatim/engine";
import { basename } from "node:path";
import { frameRateOfVideo } from "@verbatim/formats";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { createJob } from "../jobs/lifecycle/state-machine.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { minuteBalance } from "../minutes/minute-ledger.js";
import {
  idempotencyKeyOf,
  keyHasJob,
  once,
  requestFingerprint,
} from "../transcriptions/idempotency.js";
import type { CombineBody } from "@verbatim/contract/api";
import type { z } from "zod";
import type { ModelChoice } from "../models/model-catalog.js";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import { requireDiarizationModels } from "../transcriptions/speakers-option.js";
import { checkUrlNow } from "../net/safe-fetch.js";
import { addressRulesOf, fetchLinkedMedia } from "../url-import/fetch-linked-media.js";
import { forgetJobCallback, saveJobCallback } from "../webhooks/job-events.js";
import type { User } from "../users/repo.js";
import { fileStoreOf, removeStored } from "../storage/stored-files.js";
import { savedGlossary } from "../translations/saved-glossary.js";
import { jobAccount, type JobAccount } from "../teams/membership.js";
import { probeUpload } from "./probe-upload.js";
import type { JobRequest } from "./job-request.js";
import { jobFromUploadForm } from "./upload-form.js";
import {
  receiveMultipart,
  uploadFileName,
  type ReceivedFile,
  type ReceivedSubtitles,
} from "./receive-multipart.js";
import { importedJob, readUploadedSubtitles, subtitlesFingerprint } from "./subtitle-import.js";
import { MAX_IMPORT_BYTES } from "@verbatim/subtitles/import";
import { claimForCombine, combineChunks, endSession, reopenSession } from "./upload-sessions.js";

// Upload intake: how a file becomes a transcription job, for every way one arrives — a
// multipart upload to /api/transcribe, the same to OpenAI's /v1/audio/transcriptions and
// /translations, the chunks of a large file joined by /api/uploads/combine, and a link the
// server fetches (POST /api/imports, `url` instead of `file` on /v1). The order of
// the checks is the defence:
//   1. before any bytes: the Idempotency-Key (a retry of a request that made its job is
//      answered with that job), a model that can run (503), some minutes left (402);
//   2. while the body streams: its size (413), and the options sent before the file;
//   3. the file itself: probed with the engine's allow-list (400/415: not media, a playlist),
//      its real length measured (never the length a header declares), and those minutes
//      reserved (402) before the job is stored and queued.
// A file that does not become a job is deleted, so a refused upload leaves nothing behind.

/**
 * Checks before any bytes are kept that the job asked for can run here: its model (503 when not
 * installed) and that it transcribes the language asked for (400 LANGUAGE_NOT_SUPPORTED), the
 * diarization models when it asks for speakers, and a callback URL under the address rules
 * (400 URL_NOT_ALLOWED, as a link to import).
 */
async function checkJobRequest(
  ctx: Pick<TranscriptionContext, "models" | "config">,
  job: JobRequest,
): Promise<ModelChoice> {
  if (job.callbackUrl !== undefined) {
    await checkUrlNow(job.callbackUrl, addressRulesOf(ctx.config));
  }
  // Speakers first: a request for them is refused for their models before its own model is asked.
  if (job.options.speakers.kind !== "off") {
    await requireDiarizationModels(ctx.config.modelsDir);
  }
  return ctx.models.choose(job.model, job.options.language, { fallback: job.fallback });
}

/**
 * 402 before any bytes are read when the payer (the user, or a team's owner) has no minutes at
 * all.
 */
export async function requireSomeMinutes(
  db: Db,
  payer: Pick<User, "id">,
  now: Date,
): Promise<void> {
  const balance = await minuteBalance(db, payer.id, now);
  if (balance.planSeconds + balance.packSeconds <= 0) {
    fail("INSUFFICIENT_MINUTES", { neededMinutes: 1, availableMinutes: 0 });
  }
}

/**
 * Turns an uploaded file into a queued job: probes it (400/415 with the engine's code when it
 * is not usable media), reserves its minutes (402), stores the job and wakes a worker. The
 * file is deleted on any failure, so a rejected upload leaves nothing behind. A callback is
 * saved before the job is stored: a job that ends at once still finds it (the webhook
 * dispatcher writes a job's deliveries once, from what is saved when it looks).
 */
async function acceptUpload(
  ctx: TranscriptionContext,
  user: User,
  file: ReceivedFile,
  job: JobRequest,
  /** A subtitle or transcript file sent with the media (`subtitles`). */
  subtitles?: ReceivedSubtitles,
  /** A team's job (its owner pays); absent: the user's own. */
  account?: JobAccount,
): Promise<TranscriptionRow> {
  const id = randomUUID();
  let callbackSaved = false;
  /** The file once in the store (a bucket: uploaded, the local file gone). */
  let stored: string | undefined;
  try {
    const choice = await checkJobRequest(ctx, job);
    // "Translate when done" with a saved glossary: one the uploader may read (403/404).
    await savedGlossary(ctx, user, job.options.translateGlossaryId);
    const uploaded = subtitles ? await readUploadedSubtitles(subtitles) : undefined;
    if (uploaded && job.options.bilingual) fail("BILINGUAL_NOT_POSSIBLE");
    // The file's identity first: the probe describes this version of it (handed to the engine).
    const identity = await mediaFileIdentity(file.path);
    const media = await probeUpload(file.path);
    const imported = uploaded && importedJob(uploaded, job.retime, media.durationMs);
    // Kept only once it is known to be media: a refused file never reaches the bucket.
    stored = await fileStoreOf(ctx.config).keep(
      { owner: account?.payerId ?? user.id, name: basename(file.path) },
      file.path,
    );
    if (job.callbackUrl !== undefined) {
      await saveJobCallback(ctx.db, { id, userId: user.id }, job.callbackUrl, ctx.now());
      callbackSaved = true;
    }
    return await createJob(ctx, {
      id,
      userId: user.id,
      fileName: file.fileName,
      model: choice.requested,
      engineModel: choice.engineModel,
      modelFamily: choice.family,
      options: imported ? { ...job.options, ...imported.options } : job.options,
      mediaPath: stored,
      mediaBytes: file.bytes,
      durationMs: media.durationMs,
      probed: { media, file: identity },
      videoFrameRate: media.videoFrameRate === null ? null : frameRateOfVideo(media.videoFrameRate),
      ...(job.batchId ? { batchId: job.batchId } : {}),
      ...(account ? { teamId: account.teamId, payerId: account.payerId } : {}),
      ...(imported ? { imported: imported.imported } : {}),
    });
  } catch (error) {
    await rm(file.path, { force: true });
    if (stored) await removeStored(stored).catch(() => undefined); // else the hourly sweep's
    if (callbackSaved) await forgetJobCallback(ctx.db, id);
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
   * The job the fields sent before the file ask for, checked before its bytes are read;
   * undefined when they hold nothing to check yet. May throw the route's own errors.
   */
  earlyJob(early: Record<string, string>): JobRequest | undefined;
  /** Takes a `url` field instead of the file: the server fetches the media (takeInLink). */
  acceptsLink?: boolean;
  /** The team the job goes into (the request's `teamId`); absent: the user's own. */
  teamId?: string | undefined;
  /**
   * Reads the received fields: the job they ask for, what the request's fingerprint covers, and
   * what else the route needs for its answer. The file is deleted when this throws.
   */
  read(received: {
    fields: Record<string, string>;
    lists: Record<string, string[]>;
  }): Promise<ReadUpload<Parsed>>;
}

/** What a route reads from an upload's fields. */
export interface ReadUpload<Parsed> {
  job: JobRequest;
  fingerprint: Record<string, unknown>;
  parsed: Parsed;
}

/**
 * Takes in a multipart upload (the media in the field `file`, options in text fields) as a
 * queued job, at most once per Idempotency-Key: a retry of the same request gets the first
 * request's job and its file is dropped.
 */
export async function takeInUpload<Parsed = undefined>(
  ctx: TranscriptionContext,
  request: FastifyRequest,
  user: User,
  intake: MultipartIntake<Parsed>,
): Promise<TakenIn & { parsed: Parsed }> {
  const { db, config, now } = ctx;
  const key = idempotencyKeyOf(request);
  // The team is checked first: a role that may not upload there sends no bytes.
  const account = await jobAccount(ctx, user, intake.teamId);
  if (intake.requireUsableModel) await ctx.models.requireAnyUsable();
  // A retry of a request that made its job is answered even when no minutes are left.
  if (!(await keyHasJob(db, user, key))) {
    await requireSomeMinutes(db, { id: account.payerId }, now());
  }
  const { file, subtitles, fields, lists } = await receiveMultipart(request, {
    dir: config.uploadDir,
    limitBytes: config.maxUploadBytes,
    ...(intake.acceptsSubtitles ? { subtitlesLimitBytes: MAX_IMPORT_BYTES } : {}),
    ...(intake.fieldSizeBytes !== undefined ? { fieldSizeBytes: intake.fieldSizeBytes } : {}),
    beforeFile: async (early) => {
      const job = intake.earlyJob(early);
      if (job) await checkJobRequest(ctx, job);
    },
    ...(intake.acceptsLink ? { linkField: "url" } : {}),
  });
  if (!file) {
    const read = await intake.read({ fields, lists });
    return takeInLink(ctx, request, user, {
      ...read,
      route: intake.route,
      url: fields.url ?? "",
      requireUsableModel: false,
      ...(subtitles ? { subtitles } : {}),
      account,
    });
  }
  // Every way this request can end without a new job — a bad field, the key reused for
  // another request or still in progress (409), a replay of the first request's job — deletes
  // the file it sent, at once; once a job holds the file, the job owns it.
  let jobHoldsFile = false;
  try {
    const read = await intake.read({ fields, lists });
    const fingerprint = requestFingerprint(
      intake.route,
      {
        ...read.fingerprint,
        ...subtitlesFingerprint(subtitles),
        ...(account.teamId ? { teamId: account.teamId } : {}),
      },
      file.sha256,
    );
    const { row, replayed } = await once(db, user, key, fingerprint, now(), async () => {
      const made = await acceptUpload(ctx, user, file, read.job, subtitles, account);
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

/** A link to take in: what the route read from the request, and the link. */
export interface LinkIntake<Parsed> extends ReadUpload<Parsed> {
  /** Names the request in Idempotency-Key fingerprints. */
  route: string;
  url: string;
  /** 503 before anything when no model at all can run (the web app's route). */
  requireUsableModel: boolean;
  /** A subtitle or transcript file sent with the link (`subtitles`). */
  subtitles?: ReceivedSubtitles;
  /** A team's job (its owner pays); absent: the user's own. */
  account?: JobAccount;
  /** The client's name for this download: its progress is reported under it (ctx.importProgress). */
  progressId?: string;
}

/**
 * Takes in the media a link points to as a queued job, at most once per Idempotency-Key: the
 * caller, model and minutes are checked first, then the options (a bad one costs no
 * download), then the server fetches the file under the URL rules (fetchLinkedMedia: 400
 * URL_NOT_ALLOWED, 413, …) and it goes through the same probe, reservation and queue as an
 * upload. A client that hangs up stops the download, unless it sent a key (the retry gets
 * the job).
 */
export async function takeInLink<Parsed = undefined>(
  ctx: TranscriptionContext,
  request: FastifyRequest,
  user: User,
  intake: LinkIntake<Parsed>,
): Promise<TakenIn & { parsed: Parsed }> {
  const { db, now } = ctx;
  const key = idempotencyKeyOf(request);
  if (intake.requireUsableModel) await ctx.models.requireAnyUsable();
  if (!(await keyHasJob(db, user, key))) {
    await requireSomeMinutes(db, { id: intake.account?.payerId ?? user.id }, now());
  }
  const hungUp = new AbortController();
  const stop = () => hungUp.abort();
  // The connection, not the request: a keep-alive socket outlives it (the listener goes after).
  const socket = key === undefined ? request.raw.socket : undefined;
  socket?.once("close", stop);
  // Progress is news for the one who asked (GET /api/imports/progress/:id), never state.
  const progress = intake.progressId
    ? ctx.importProgress.report(user.id, intake.progressId)
    : undefined;
  const fingerprint = requestFingerprint(intake.route, {
    ...intake.fingerprint,
    url: intake.url,
    ...subtitlesFingerprint(intake.subtitles),
    ...(intake.account?.teamId ? { teamId: intake.account.teamId } : {}),
  });
  try {
    const { row } = await once(db, user, key, fingerprint, now(), async () => {
      await checkJobRequest(ctx, intake.job);
      const file = await fetchLinkedMedia(ctx, user, intake.url, hungUp.signal, progress?.update);
      return acceptUpload(ctx, user, file, intake.job, intake.subtitles, intake.account);
    });
    return { row, keyed: key !== undefined, parsed: intake.parsed };
  } finally {
    progress?.end();
    socket?.off("close", stop);
  }
}

/** What /api/uploads/combine asks for: the session, the file's name and size, and the options. */
export type CombineRequest = z.output<typeof CombineBody>;

/**
 * Takes in a chunked upload's file as a queued job: one combine wins the session; the others
 * (a double click, a retry racing the first try) get 409 and make no job — or, with the first
 * one's Idempotency-Key, its job. A combine that fails gives the session back with its chunks,
 * so a bad option or a missing minute costs no re-upload.
 */
export async function takeInChunks(
  ctx: TranscriptionContext,
  request: FastifyRequest,
  user: User,
  body: CombineRequest,
): Promise<TakenIn> {
  const { db, config, now } = ctx;
  const key = idempotencyKeyOf(request);
  const account = await jobAccount(ctx, user, body.teamId);
  await ctx.models.requireAnyUsable();
  const fingerprint = requestFingerprint("/api/uploads/combine", body);
  const { row } = await once(db, user, key, fingerprint, now(), async () => {
    await claimForCombine(db, user.id, body.sessionId, now());
    let accepted;
    try {
      // The options are checked before the chunks are joined: a bad one costs no copying.
      const job = jobFromUploadForm(body, user);
      await checkJobRequest(ctx, job);
      const subtitles = body.subtitles && {
        fileName: uploadFileName(body.subtitles.fileName),
        bytes: Buffer.from(body.subtitles.base64, "base64"),
      };
      const joined = await combineChunks(db, config.uploadDir, body.sessionId, body);
      accepted = await acceptUpload(
        ctx,
        user,
        {
          path: joined.path,
          bytes: joined.bytes,
          fileName: uploadFileName(body.fileName),
          mimeType: "",
        },
        job,
        subtitles,
        account,
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
