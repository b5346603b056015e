import { CHINESE_SCRIPTS, isSupportedLanguage } from "@verbatim/engine";
import { z } from "zod";
import { STYLE_NAMES } from "@verbatim/subtitles";

/** One subtitle as the API shows it: times as `hh:mm:ss,mmm`. */
export const Subtitle = z.object({
  id: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  text: z.string(),
  /**
   * The words with their times in milliseconds, while the text is still the one they were
   * recognised as (an edited text has none): the editor highlights the word being spoken.
   */
  words: z
    .array(z.object({ text: z.string(), startMs: z.number().int(), endMs: z.number().int() }))
    .optional(),
});

const Status = z.enum(["queued", "processing", "completed", "failed", "cancelled"]);

/** A history row: the transcription, plus its job's state. */
export const TranscriptionSummary = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  /** Seconds of media. */
  duration: z.number(),
  model: z.string(),
  status: Status,
  /** Spoken language (detected, or as requested); null until known. */
  language: z.string().nullable(),
  /** 0..100 while processing. */
  progress: z.number().int(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

/** One transcription with its subtitles. */
export const TranscriptionDetail = TranscriptionSummary.extend({
  /** The subtitle style preset the cues were built to (the editor checks them against it). */
  style: z.enum(STYLE_NAMES),
  subtitles: z.array(Subtitle),
  /** The whole text, subtitles joined with blank lines. */
  text: z.string(),
  /**
   * The audio kept for the editor's player (a small copy, not the upload), until `expiresAt`
   * (the plan's retention); null when there is none (expired, or from before copies were kept).
   */
  audio: z.object({ url: z.string(), expiresAt: z.string() }).nullable(),
  /**
   * Identifies this version of the subtitles: send it back as `baseVersion` when saving edits,
   * and a save made from an older version (another tab or device saved meanwhile) is refused
   * with 409 EDIT_CONFLICT instead of silently overwriting.
   */
  version: z.string(),
});

/** The answer to an upload sent with `Prefer: respond-async`. */
export const AcceptedResponse = z.object({
  id: z.string(),
  status: Status,
  /** Where to follow it: the SSE stream. */
  eventsUrl: z.string(),
});

export const IdParams = z.object({ id: z.string().max(64) });

export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Only jobs created before this time (ISO-8601): the next page starts at the last one's. */
  before: z.iso.datetime().optional(),
  /** Only jobs whose file name or text contains this (any case). */
  q: z.string().trim().max(200).optional(),
});

export const ExportQuery = z.object({
  format: z.enum(["srt", "vtt", "txt", "json"]).default("srt"),
});

/** PATCH: rename, or save edited subtitles, or both. */
export const UpdateBody = z
  .object({
    fileName: z.string().trim().min(1).max(255).optional(),
    subtitles: z
      .array(
        z.object({
          id: z.number().int().optional(),
          startTime: z.string().max(20),
          endTime: z.string().max(20),
          text: z.string().max(2000),
        }),
      )
      .max(20_000)
      .optional(),
    /** The `version` the edits were made from; omitted, the save overwrites whatever is there. */
    baseVersion: z.string().max(64).optional(),
  })
  .refine((body) => body.fileName !== undefined || body.subtitles !== undefined, {
    message: "Send fileName, subtitles or both.",
  });

const boolText = (name: string) =>
  z
    .enum(["true", "false"], { error: `${name} must be "true" or "false"` })
    .default("true")
    .transform((value) => value === "true");

/** The text fields of an upload (multipart `/api/transcribe`, or the JSON of `/combine`). */
export const UploadOptions = z.object({
  source: z.literal("file", { error: 'source must be "file"' }).optional(),
  model: z.string().trim().max(200).optional(),
  generateTimestamps: z.union([z.boolean(), boolText("generateTimestamps")]).default(true),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isSupportedLanguage, {
      message: 'language must be "auto" or a supported language code such as en, zh, ja',
    })
    .default("auto"),
  task: z
    .enum(["transcribe", "translate"], { error: 'task must be "transcribe" or "translate"' })
    .default("transcribe"),
  chineseScript: z
    .enum([...CHINESE_SCRIPTS, "none"], {
      error: `chineseScript must be one of ${CHINESE_SCRIPTS.join(", ")}, none`,
    })
    .optional(),
  /** Subtitle style preset: line length, reading speed, time on screen (default standard). */
  style: z
    .enum(STYLE_NAMES, { error: `style must be one of ${STYLE_NAMES.join(", ")}` })
    .optional(),
});

export type UploadOptionsInput = z.input<typeof UploadOptions>;
