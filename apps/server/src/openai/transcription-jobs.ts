import {
  AudioRequestDoc,
  IdempotencyKeyHeader,
  JobDeleted,
  JobListQuery,
  JobQuery,
  MinutesBalance,
  TranscriptionJob,
  TranscriptionJobList,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/require-user.js";
import { documentOnly } from "../http/openapi-docs.js";
import { deleteJob } from "../jobs/lifecycle/state-machine.js";
import { pageOfJobs } from "../jobs/job-reads.js";
import type { JobStatus, TranscriptionRow } from "../jobs/job-row.js";
import { minuteBalance } from "../minutes/minute-ledger.js";
import { secondsToMinutes } from "../minutes/plans.js";
import { exportTranscription } from "../transcriptions/export-transcription.js";
import {
  ownTranscription,
  type TranscriptionContext,
} from "../transcriptions/transcription-context.js";
import { openAIErrorsOf } from "./errors.js";
import { JOBS_ROUTE, takeInAudioRequest } from "./take-in-audio.js";

// Jobs for programs (docs/http-api.md): submit with the fields of /v1/audio/transcriptions and
// come back later (or be called back), as Rev.ai's /jobs and AssemblyAI's /v2/transcript
// allow. API keys only, and a key sees only its owner's jobs (anyone else's is 404).

const JobParams = z.object({ id: z.string().max(100) });

type Job = z.infer<typeof TranscriptionJob>;

/** A job as a program sees it (the result is added by the caller when asked for). */
function presentJob(row: TranscriptionRow): Job {
  return {
    id: row.id,
    object: "transcription.job",
    status: row.status as JobStatus,
    progress: row.status === "completed" ? 100 : Math.floor(Number(row.progress) * 100),
    name: row.file_name,
    model: row.model,
    language: row.language,
    durationSeconds: row.duration_ms / 1000,
    chargedSeconds: row.charged_seconds,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    error:
      row.error_code !== null
        ? { code: row.error_code, message: row.error_message ?? row.error_code }
        : null,
  };
}

/** /v1/transcriptions/jobs and /v1/balance, inside the /v1 scope (its key check and errors). */
export function transcriptionJobRoutes(
  ctx: TranscriptionContext,
  preHandler: preHandlerAsyncHookHandler,
): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];
    const tags = ["jobs"];

    app.post(
      "/transcriptions/jobs",
      {
        preHandler,
        // The body is multipart, read by the handler; the schema below is for the document.
        validatorCompiler: documentOnly,
        schema: {
          operationId: "createTranscriptionJob",
          summary: "Start a transcription job and answer at once",
          description:
            "The fields of POST /v1/audio/transcriptions (`file` or `url`, `model`, `language`, `prompt`, `temperature`, the diarizing model and its known speakers) and `callback_url`, called with a signed event when the job completes, fails or is cancelled (docs/webhooks.md). Answers 202 with the job as soon as the file is in and queued; follow it with GET /v1/transcriptions/jobs/{id} (`?format=srt` adds the result once completed). `response_format` and `timestamp_granularities[]` are checked but do not apply (the format is chosen when the result is fetched); `stream=true` is refused. The minutes are reserved now and charged for the real length. An `Idempotency-Key` works as on /v1/audio/transcriptions; hanging up after the answer does not cancel the job.",
          tags,
          security,
          consumes: ["multipart/form-data"],
          headers: z.looseObject({ "idempotency-key": IdempotencyKeyHeader }),
          body: AudioRequestDoc.omit({ stream: true }),
          response: {
            202: TranscriptionJob,
            ...openAIErrorsOf(400, 401, 404, 409, 413, 415, 429, 500, 503, 507),
          },
        },
      },
      async (request, reply) => {
        const { row } = await takeInAudioRequest(ctx, "transcribe", request, reply, JOBS_ROUTE);
        return reply
          .status(202)
          .header("location", `/v1/transcriptions/jobs/${row.id}`)
          .send(presentJob(row));
      },
    );

    app.get(
      "/transcriptions/jobs",
      {
        preHandler,
        schema: {
          operationId: "listTranscriptionJobs",
          summary: "The key owner's jobs, newest first, a page at a time",
          description:
            "`limit` (1 to 100, default 20), `status` (queued, processing, completed, failed, cancelled), `after` (the `nextCursor` of the page before). Every job of the account, whichever key or the web app made it.",
          tags,
          security,
          querystring: JobListQuery,
          response: { 200: TranscriptionJobList, ...openAIErrorsOf(400, 401, 429) },
        },
      },
      async (request) => {
        const { limit, status, after } = request.query;
        const page = await pageOfJobs(ctx.db, currentUser(request).id, {
          limit,
          status,
          ...(after !== undefined ? { after } : {}),
        });
        const data = page.rows.map(presentJob);
        return {
          object: "list" as const,
          data,
          hasMore: page.hasMore,
          nextCursor: page.hasMore ? (data.at(-1)?.id ?? null) : null,
        };
      },
    );

    app.get(
      "/transcriptions/jobs/:id",
      {
        preHandler,
        schema: {
          operationId: "retrieveTranscriptionJob",
          summary: "A job's status, progress and (with `format`) its result",
          description:
            "`progress` is percent done. With `format` (and the export options of GET /api/transcriptions/{id}/export: `fps`, `timecodes`, `timestamps`, `karaoke`, `speakerNames`, `lang`), a completed job carries `result`: the same file the export gives, as text (`encoding: utf-8`) or, for docx, pdf, xlsx and stl, base64. Another account's job, or none: 404.",
          tags,
          security,
          params: JobParams,
          querystring: JobQuery,
          response: { 200: TranscriptionJob, ...openAIErrorsOf(400, 401, 404, 422, 429, 503) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const row = await ownTranscription(ctx, user, request.params.id);
        const job = presentJob(row);
        const { format, ...options } = request.query;
        if (format === undefined || row.status !== "completed") return job;
        const file = await exportTranscription(
          ctx,
          row,
          { ...options, format },
          user.locale,
          user.id,
        );
        const { body, contentType } = file;
        return {
          ...job,
          result:
            typeof body === "string"
              ? { format, contentType, encoding: "utf-8" as const, content: body }
              : {
                  format,
                  contentType,
                  encoding: "base64" as const,
                  content: Buffer.from(body).toString("base64"),
                },
        };
      },
    );

    app.delete(
      "/transcriptions/jobs/:id",
      {
        preHandler,
        schema: {
          operationId: "deleteTranscriptionJob",
          summary: "Delete a job (cancelled first if it still runs)",
          description:
            "Deletes the job, its file and its result. A job still queued or running is cancelled first and charged, as any cancel, for the audio already transcribed.",
          tags,
          security,
          params: JobParams,
          response: { 200: JobDeleted, ...openAIErrorsOf(401, 404, 429) },
        },
      },
      async (request) => {
        const row = await ownTranscription(ctx, currentUser(request), request.params.id, "delete");
        await deleteJob(ctx, row);
        return { id: row.id, object: "transcription.job" as const, deleted: true as const };
      },
    );

    app.get(
      "/balance",
      {
        preHandler,
        schema: {
          operationId: "retrieveBalance",
          summary: "The key owner's minutes",
          description:
            "Whole minutes left: the plan's (for its current period) and bought packs'. A job needs its media's length in minutes, reserved when it is taken in.",
          tags,
          security,
          response: { 200: MinutesBalance, ...openAIErrorsOf(401, 429) },
        },
      },
      async (request) => {
        const balance = await minuteBalance(ctx.db, currentUser(request).id, ctx.now());
        const planMinutes = secondsToMinutes(Math.max(0, balance.planSeconds));
        const packMinutes = secondsToMinutes(Math.max(0, balance.packSeconds));
        return {
          object: "balance" as const,
          planMinutes,
          packMinutes,
          totalMinutes: planMinutes + packMinutes,
        };
      },
    );
  };
}
