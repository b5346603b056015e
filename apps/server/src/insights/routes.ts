import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  INSIGHT_EXPORT_FORMATS,
  insightsCostSeconds,
  MAX_ACTIVE_INSIGHT_JOBS,
  errorTextFor,
  type Language,
} from "@verbatim/contract";
import {
  errorResponses,
  IdParams,
  InsightsBody,
  InsightsEdit,
  InsightsReply,
  QuestionBody,
  QuestionReply,
  QuestionsAcrossBody,
} from "@verbatim/contract/api";
import { askTranscripts, type Answer } from "@verbatim/insights";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUserOrKey } from "../api-keys/require-user-or-key.js";
import { currentUser } from "../auth/require-user.js";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { rowCues, rowSpeakers } from "../jobs/job-row.js";
import { minuteBalance } from "../minutes/minute-ledger.js";
import { ownTranscription } from "../transcriptions/transcription-context.js";
import { attachmentDisposition } from "../transcriptions/attachment-disposition.js";
import type { User } from "../users/repo.js";
import {
  editedInsights,
  presentInsightJob,
  presentQuestion,
  storedInsights,
} from "./insight-presenters.js";
import { INSIGHT_EXPORT_EXTENSIONS, writeInsightsExport } from "./insight-exports.js";
import {
  cancelInsightJob,
  countActiveInsightJobs,
  findInsightJob,
  latestInsightJob,
  questionsAbout,
  queueInsightJob,
  saveEditedInsights,
  saveQuestion,
} from "./insight-store.js";
import type { InsightWorker } from "./insight-worker.js";
import type { LanguageModelSource } from "./language-model-source.js";

/** What the insights routes need. */
export interface InsightContext {
  db: Db;
  config: Config;
  now: () => Date;
  insights: InsightWorker;
  languageModel: LanguageModelSource;
}

const NDJSON = "application/x-ndjson";

/**
 * Insights (docs/insights.md): generate a transcription's summary, chapters, key points, quotes
 * and action items as a queued job; read, edit and export them; ask questions answered with
 * citations, streamed.
 */
export function insightRoutes(ctx: InsightContext): FastifyPluginAsync {
  /** Users with a question being answered in this process: one at a time each. */
  const asking = new Set<string>();
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    // The app's session, or an API key (`verbatim summarize` and `ask`, scripts).
    const auth = { preHandler: requireUserOrKey({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];
    const tags = ["insights"];

    app.post(
      "/api/transcriptions/:id/insights",
      {
        ...auth,
        schema: {
          summary: "Generate a transcription's insights",
          description: `Queues a job that writes the summary (short and long), chapters covering the whole recording, key points, quotes, action items and topics, every statement citing the cues it comes from (checked: citations to cues that do not exist, and quotes the cited cues do not hold, are asked for again once, then dropped or marked \`unverified\`). Answers 202 with the job; follow it with GET. Costs one second of minutes for every 20 seconds of the recording, charged when delivered and given back if the job fails or is cancelled. 409 NOT_COMPLETED before the transcription has completed; 503 INSIGHTS_MODEL_NOT_CONFIGURED without a language model; 402 INSUFFICIENT_MINUTES; 429 TOO_MANY_INSIGHT_JOBS with ${MAX_ACTIVE_INSIGHT_JOBS} already queued or running.`,
          tags,
          security,
          params: IdParams,
          body: InsightsBody,
          response: {
            202: InsightsReply,
            ...errorResponses(400, 401, 402, 403, 404, 409, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id, "edit");
        if (job.status !== "completed") fail("NOT_COMPLETED");
        if (!ctx.languageModel.get()) fail("INSIGHTS_MODEL_NOT_CONFIGURED");
        const id = randomUUID();
        const now = ctx.now();
        const cost = insightsCostSeconds(job.duration_ms);
        await queueInsightJob(
          ctx.db,
          {
            id,
            userId: user.id,
            transcriptionId: job.id,
            options: request.body,
            costSeconds: cost,
          },
          now,
          async (tx) => {
            if ((await countActiveInsightJobs(tx, user.id)) >= MAX_ACTIVE_INSIGHT_JOBS) {
              fail("TOO_MANY_INSIGHT_JOBS", { activeJobs: MAX_ACTIVE_INSIGHT_JOBS });
            }
            const balance = await minuteBalance(tx, user.id, now);
            const available = Math.max(0, balance.planSeconds) + Math.max(0, balance.packSeconds);
            if (available < cost) {
              fail("INSUFFICIENT_MINUTES", {
                neededMinutes: Math.ceil(cost / 60),
                availableMinutes: Math.floor(available / 60),
              });
            }
          },
        );
        ctx.insights.notify();
        return reply
          .code(202)
          .send(presentInsightJob((await findInsightJob(ctx.db, id))!, user.locale));
      },
    );

    app.get(
      "/api/transcriptions/:id/insights",
      {
        ...auth,
        schema: {
          summary: "Read a transcription's insights",
          description:
            "The newest insights job of the transcription: its status and progress (`stage`: `sections`, then `combining` for a long recording read in parts), and once completed the insights, each statement with its citations (cue and time). 404 INSIGHTS_NOT_READY when none was ever asked for.",
          tags,
          security,
          params: IdParams,
          response: { 200: InsightsReply, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id);
        const row = await latestInsightJob(ctx.db, job.id);
        if (!row) fail("INSIGHTS_NOT_READY");
        return presentInsightJob(row, user.locale);
      },
    );

    app.patch(
      "/api/transcriptions/:id/insights",
      {
        ...auth,
        schema: {
          summary: "Edit a transcription's insights",
          description:
            "Replaces the parts sent (short summary text, summary, chapters, key points, action items); editing is free. Citations sent are checked against the transcript (an unknown cue is 400) and take the cue's own times. Chapters are given by title, gist and start: the first must start at 0 and starts must rise; each ends where the next starts, the last at the recording's end (400 INSIGHTS_CHAPTERS_INVALID otherwise). 404 INSIGHTS_NOT_READY without completed insights.",
          tags,
          security,
          params: IdParams,
          body: InsightsEdit,
          response: { 200: InsightsReply, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id, "edit");
        const row = await latestInsightJob(ctx.db, job.id);
        const current = row?.status === "completed" ? storedInsights(row) : null;
        if (!row || !current) fail("INSIGHTS_NOT_READY");
        const edited = editedInsights(current, request.body, job);
        if (!(await saveEditedInsights(ctx.db, row.id, edited))) fail("INSIGHTS_NOT_READY");
        return presentInsightJob((await findInsightJob(ctx.db, row.id))!, user.locale);
      },
    );

    app.delete(
      "/api/transcriptions/:id/insights",
      {
        ...auth,
        schema: {
          summary: "Cancel a transcription's insights job",
          description:
            "Cancels the newest insights job while it is queued or running (its minutes are given back in full) and answers it as it now stands; an ended job is answered unchanged.",
          tags,
          security,
          params: IdParams,
          response: { 200: InsightsReply, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id, "edit");
        const row = await latestInsightJob(ctx.db, job.id);
        if (!row) fail("INSIGHTS_NOT_READY");
        if (await cancelInsightJob(ctx.db, row, ctx.now())) ctx.insights.cancel(row.id);
        return presentInsightJob((await findInsightJob(ctx.db, row.id))!, user.locale);
      },
    );

    app.get(
      "/api/transcriptions/:id/insights/export",
      {
        ...auth,
        schema: {
          summary: "Download a transcription's insights",
          description:
            "`md` (Markdown), `json`, `docx`, `pdf`: the summary, chapters, key points, quotes and action items with the times they cite. Chapters alone: `youtube` (a description list, `00:00 Title` per line, the first at 00:00), `vtt` (a WebVTT chapters track), and markers for editing suites (`fcpxml`, `edl`, `avid`). 404 INSIGHTS_NOT_READY without completed insights.",
          tags,
          security,
          params: IdParams,
          querystring: z.object({ format: z.enum(INSIGHT_EXPORT_FORMATS).default("md") }),
          response: {
            200: {
              description: "The file.",
              content: { "application/octet-stream": { schema: binary() } },
            },
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id, "download");
        const row = await latestInsightJob(ctx.db, job.id);
        const insights = row?.status === "completed" ? storedInsights(row) : null;
        if (!insights) fail("INSIGHTS_NOT_READY");
        const format = request.query.format;
        const file = await writeInsightsExport(format, insights, {
          title: job.file_name,
          locale: user.locale,
          createdAt: new Date(job.created_at),
        });
        return reply
          .header("content-type", file.contentType)
          .header(
            "content-disposition",
            attachmentDisposition(job.file_name, INSIGHT_EXPORT_EXTENSIONS[format]),
          )
          .send(typeof file.body === "string" ? file.body : Buffer.from(file.body));
      },
    );

    const answerDoc = `The answer streams as newline-delimited JSON: \`{"type":"delta","text":…}\` lines as it is written, then one \`{"type":"answer","answer":…}\` line with the checked answer (its parts: text, citations with the cue's time, and citations that did not hold marked \`unverified\`; \`notInTranscript\` when the transcripts do not say), or \`{"type":"error","code":…,"message":…}\`. The question and answer are kept with the transcription (GET …/questions). Questions are free; one at a time per user (429 INSIGHTS_BUSY).`;

    app.post(
      "/api/transcriptions/:id/questions",
      {
        ...auth,
        schema: {
          summary: "Ask a question about a transcription",
          description: `Answers from the transcript only, with citations. ${answerDoc}`,
          tags,
          security,
          params: IdParams,
          body: QuestionBody,
          response: {
            200: {
              description: "The streamed answer.",
              content: { [NDJSON]: { schema: z.string() } },
            },
            ...errorResponses(400, 401, 404, 409, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id);
        if (job.status !== "completed") fail("NOT_COMPLETED");
        return streamAnswer(request, reply, user, [job], request.body);
      },
    );

    app.post(
      "/api/questions",
      {
        ...auth,
        schema: {
          summary: "Ask a question across transcriptions",
          description: `As POST /api/transcriptions/{id}/questions, across several completed transcriptions the user may read (their own, their teams'); one that is not is 404. ${answerDoc}`,
          tags,
          security,
          body: QuestionsAcrossBody,
          response: {
            200: {
              description: "The streamed answer.",
              content: { [NDJSON]: { schema: z.string() } },
            },
            ...errorResponses(400, 401, 404, 409, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const jobs: TranscriptionRow[] = [];
        for (const id of new Set(request.body.transcriptionIds)) {
          const job = await ownTranscription(ctx, user, id);
          if (job.status !== "completed") fail("NOT_COMPLETED");
          jobs.push(job);
        }
        return streamAnswer(request, reply, user, jobs, request.body);
      },
    );

    app.get(
      "/api/transcriptions/:id/questions",
      {
        ...auth,
        schema: {
          summary: "Questions asked about a transcription",
          description: "The questions asked and their checked answers, newest first (at most 50).",
          tags,
          security,
          params: IdParams,
          response: {
            200: z.object({ questions: z.array(QuestionReply) }),
            ...errorResponses(401, 404),
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id);
        return { questions: (await questionsAbout(ctx.db, job.id)).map(presentQuestion) };
      },
    );

    /** Streams the answer as NDJSON lines and keeps it with every transcription asked about. */
    function streamAnswer(
      request: FastifyRequest,
      reply: FastifyReply,
      user: User,
      jobs: readonly TranscriptionRow[],
      body: { question: string; language: string | null },
    ): FastifyReply {
      const model = ctx.languageModel.get();
      if (!model) fail("INSIGHTS_MODEL_NOT_CONFIGURED");
      if (asking.has(user.id)) fail("INSIGHTS_BUSY");
      asking.add(user.id);
      const controller = new AbortController();
      request.raw.on("close", () => {
        controller.abort();
        asking.delete(user.id);
      });
      const line = (value: unknown) => `${JSON.stringify(value)}\n`;
      async function* lines(): AsyncGenerator<string> {
        try {
          const stream = askTranscripts(model!, {
            sources: jobs.map((job) => ({
              id: job.id,
              title: job.file_name,
              cues: rowCues(job),
              speakers: rowSpeakers(job),
            })),
            question: body.question,
            language: body.language,
            accountId: user.id,
            signal: controller.signal,
          });
          let answer: Answer | undefined;
          while (!answer) {
            const next = await stream.next();
            if (next.done) answer = next.value;
            else yield line({ type: "delta", text: next.value });
          }
          const id = randomUUID();
          const createdAt = ctx.now().toISOString();
          for (const job of jobs) {
            await saveQuestion(ctx.db, {
              id: job === jobs[0] ? id : randomUUID(),
              user_id: user.id,
              transcription_id: job.id,
              question: body.question,
              answer_json: JSON.stringify(answer),
              created_at: createdAt,
            });
          }
          yield line({
            type: "answer",
            answer: presentQuestion({
              id,
              question: body.question,
              answer_json: JSON.stringify(answer),
              created_at: createdAt,
            }),
          });
        } catch (error) {
          if (!controller.signal.aborted) {
            request.log.warn({ err: error }, "answering a question failed");
            yield line({
              type: "error",
              code: "INSIGHTS_MODEL_FAILED",
              message: errorMessage("INSIGHTS_MODEL_FAILED", user.locale),
            });
          }
        } finally {
          asking.delete(user.id);
        }
      }
      const stream = Readable.from(lines());
      stream.on("error", (error) => request.log.warn({ err: error }, "streaming an answer failed"));
      return reply
        .header("content-type", `${NDJSON}; charset=utf-8`)
        .header("cache-control", "no-store")
        .send(stream);
    }
  };
}

function errorMessage(code: string, language: Language): string {
  return errorTextFor(code, language) ?? code;
}

/** Bytes or text, documented as binary. */
function binary() {
  return z.any().meta({ type: "string", format: "binary" });
}
