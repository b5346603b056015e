import { z } from "zod";
import { JOB_STATUSES } from "../jobs.js";
import { ExportQuery } from "./transcriptions.js";
import { EXPORT_FORMATS } from "../export-formats.js";

// Jobs for programs (/v1/transcriptions/jobs, API keys): submit and come back later, as
// Rev.ai's /jobs and AssemblyAI's /v2/transcript allow (docs/http-api.md).

/** The most jobs one page of the list holds. */
export const MAX_JOBS_PAGE = 100;

/** A job's result in the format asked for (`?format=` on GET one, once it is completed). */
export const JobResult = z.object({
  format: z.enum(EXPORT_FORMATS),
  contentType: z.string().describe("The format's media type, as the export would send it."),
  encoding: z
    .enum(["utf-8", "base64"])
    .describe(
      "`utf-8`: `content` is the text; `base64`: the bytes of a binary format (docx, pdf, xlsx, stl).",
    ),
  content: z.string(),
});

/** One job as a program sees it. */
export const TranscriptionJob = z.object({
  id: z.string(),
  object: z.literal("transcription.job"),
  status: z.enum(JOB_STATUSES),
  progress: z.number().int().describe("Percent done, 0 to 100 (100 once completed)."),
  name: z.string().describe("The file's name (or the link's)."),
  model: z.string(),
  language: z.string().nullable().describe("Spoken language, once known."),
  durationSeconds: z.number().describe("Length of the media, in seconds."),
  chargedSeconds: z
    .number()
    .int()
    .nullable()
    .describe("Seconds charged once the job is settled; null until then."),
  createdAt: z.string().describe("ISO-8601 UTC time."),
  finishedAt: z
    .string()
    .nullable()
    .describe("When it completed, failed or was cancelled (ISO-8601 UTC time)."),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  result: JobResult.optional().describe("With `?format=`, once the job is completed."),
});

/** GET /v1/transcriptions/jobs/{id}: the result's format and the export's options. */
export const JobQuery = ExportQuery.extend({
  format: z
    .enum(EXPORT_FORMATS)
    .optional()
    .describe(
      "Adds `result` in this format once the job is completed (srt, vtt, txt, json, docx, pdf, …: the formats of the web app's export, docs/formats.md); without it, the status only.",
    ),
});

/** GET /v1/transcriptions/jobs: a page, newest first, optionally of one status. */
export const JobListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_JOBS_PAGE)
    .default(20)
    .describe("1 to 100 (default 20)."),
  status: z.enum(JOB_STATUSES).optional().describe("Only jobs in this status."),
  after: z
    .uuid()
    .optional()
    .describe("The `nextCursor` of the page before: the jobs after it (older)."),
});

/** A page of jobs. */
export const TranscriptionJobList = z.object({
  object: z.literal("list"),
  data: z.array(TranscriptionJob),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().describe("Pass as `after` for the next page; null at the end."),
});

/** GET /v1/balance: the key owner's minutes. */
export const MinutesBalance = z.object({
  object: z.literal("balance"),
  planMinutes: z.number().int().describe("Minutes left of the plan's period."),
  packMinutes: z.number().int().describe("Minutes left of bought packs (they do not expire)."),
  totalMinutes: z.number().int(),
});

/** DELETE /v1/transcriptions/jobs/{id}: gone (cancelled first if it still ran). */
export const JobDeleted = z.object({
  id: z.string(),
  object: z.literal("transcription.job"),
  deleted: z.literal(true),
});
