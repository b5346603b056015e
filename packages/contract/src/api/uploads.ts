import { CHINESE_SCRIPTS } from "@verbatim/subtitles/chinese-script";
import { MAX_IMPORT_BYTES, STYLE_NAMES } from "@verbatim/subtitles";
import { z } from "zod";
import { MAX_PROMPT_CHARS } from "../limits.js";
import { CallbackUrl } from "./links.js";
import { isSupportedLanguage } from "../whisper-languages.js";
import { BatchId, TranscriptionSummary } from "./transcriptions.js";
import { canonicalLanguageTag } from "../translation-languages.js";
import { MAX_TRANSLATE_TO } from "../translation-cost.js";
import { CHINESE_REGISTERS } from "@verbatim/subtitles/translation";

// Starting a transcription: the upload's options, in one request (POST /api/transcribe) or in
// chunks (POST /api/uploads/chunk, then /combine), and the answer when it is not awaited.

const boolText = (name: string) =>
  z
    .enum(["true", "false"], { error: `${name} must be "true" or "false"` })
    .default("true")
    .transform((value) => value === "true");

/**
 * Languages to translate into when the transcription is done: an array (JSON) or one text of
 * codes separated by commas (multipart), each a BCP-47 code read into its canonical case, each
 * once, at most MAX_TRANSLATE_TO.
 */
const TranslateTo = z.union([z.array(z.string()), z.string()]).transform((value, ctx) => {
  const codes = (typeof value === "string" ? value.split(",") : value)
    .map((code) => code.trim())
    .filter((code) => code !== "");
  const tags: string[] = [];
  for (const code of codes) {
    const tag = canonicalLanguageTag(code);
    if (tag === null) {
      ctx.addIssue({
        code: "custom",
        message: `translateTo: "${code.slice(0, 40)}" is not a BCP-47 code such as zh-HK`,
      });
      return z.NEVER;
    }
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > MAX_TRANSLATE_TO) {
    ctx.addIssue({
      code: "custom",
      message: `translateTo: at most ${MAX_TRANSLATE_TO} languages`,
    });
    return z.NEVER;
  }
  return tags;
});

/** A yes/no field with no default: true, false, "true", "false" or absent (undefined). */
const optionalBool = (name: string) =>
  z
    .union([z.boolean(), z.enum(["true", "false"], { error: `${name} must be "true" or "false"` })])
    .transform((value) => value === true || value === "true")
    .optional();

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
  /** Initial prompt for the decoder: names, vocabulary and style to expect. */
  prompt: z
    .string()
    .max(MAX_PROMPT_CHARS, `prompt must be at most ${MAX_PROMPT_CHARS} characters`)
    .optional(),
  /** Starting decoder temperature, 0 (default) to 1; the server may raise it on a bad window. */
  temperature: z.coerce
    .number({ error: "temperature must be a number between 0 and 1" })
    .min(0, "temperature must be between 0 and 1")
    .max(1, "temperature must be between 0 and 1")
    .optional(),
  /** Speaker diarization (checked by parseSpeakersOption: 400 INVALID_SPEAKERS). */
  speakers: z.union([z.string(), z.number()]).optional(),
  /**
   * With a subtitle file: re-time it to the speech (charged as a transcription) or keep its
   * timings (free). Absent: kept when the file has timings, re-timed when it has none.
   */
  retime: optionalBool("retime"),
  /** The transcript plus its English translation, cue by cue (two passes, charged twice). */
  bilingual: optionalBool("bilingual"),
  /**
   * "Translate when done": translation languages (BCP-47), an array or comma-separated text
   * (multipart), queued when the transcription completes.
   */
  translateTo: TranslateTo.optional(),
  /** With `translateTo`: a saved glossary of the uploader's (or their team's), by id. */
  translateGlossaryId: z.uuid({ error: "translateGlossaryId must be a glossary's id" }).optional(),
  /** With `translateTo`: the reading-limit preset of the translations (default: `style`'s). */
  translateStyle: z
    .enum(STYLE_NAMES, { error: `translateStyle must be one of ${STYLE_NAMES.join(", ")}` })
    .optional(),
  /** With `translateTo`: Hong Kong Chinese `written` (default) or `spoken`. */
  translateRegister: z
    .enum(CHINESE_REGISTERS, {
      error: `translateRegister must be one of ${CHINESE_REGISTERS.join(", ")}`,
    })
    .optional(),
  /** Where to call back when the job ends (checked against the address rules). */
  callback_url: CallbackUrl.optional(),
  /**
   * "whisper": when the model for the language (SenseVoice for Cantonese) is not ready yet, run
   * the job on Whisper instead of refusing it (503 CANTONESE_MODEL_NOT_READY).
   */
  fallback: z.enum(["whisper"], { error: 'fallback must be "whisper"' }).optional(),
});

export type UploadOptionsInput = z.input<typeof UploadOptions>;

/**
 * The batch a file belongs to (an upload's field `batchId`, not a job option: the job keeps it
 * in its own column and History groups the batch's jobs by it).
 */
export const BatchIdField = BatchId.optional().describe(
  "Groups files sent together (a batch): any id of 8 to 64 letters, digits, - or _ (a UUID), the same for each file of the batch. History and GET /api/batches/{id} show them together.",
);

/** `Idempotency-Key`: a retry within 24 hours gets the first request's job, charged once. */
export const IdempotencyKeyHeader = z
  .string()
  .optional()
  .describe(
    "1 to 255 visible ASCII characters (a UUID, say): a retry with the same key within 24 hours gets the job the first request made and is not charged again; the same key with a different request is 409.",
  );

/** The headers of a request that starts a job (unknown headers pass through untouched). */
export const StartJobHeaders = z.looseObject({
  "idempotency-key": IdempotencyKeyHeader,
  prefer: z
    .string()
    .optional()
    .describe("`respond-async`: answer 202 with the job's id at once instead of waiting."),
});

/** The fields of an upload as the OpenAPI document shows them (multipart sends text). */
export const UploadFieldsDoc = z.object({
  source: z.literal("file").optional().describe("Always `file` when given."),
  model: z
    .string()
    .optional()
    .describe(
      "`whisper-1` (fast, the default), `gpt-4o-transcribe` (accurate), or an installed model's name: `parakeet-tdt-0.6b-v3` (Parakeet), `sensevoice-small` (SenseVoice, for Cantonese), a Whisper size such as `base` (`GET /api/models` lists them with their languages).",
    ),
  generateTimestamps: z
    .enum(["true", "false"])
    .optional()
    .describe("Word timings for the cues (default `true`)."),
  language: z
    .string()
    .optional()
    .describe(
      "`auto` (default: detected) or an ISO-639-1 code such as `en`, `zh`, `ja`, `yue` (Cantonese). A language the chosen model does not transcribe is refused with 400 LANGUAGE_NOT_SUPPORTED, naming the models that do, before the file is kept.",
    ),
  task: z
    .enum(["transcribe", "translate"])
    .optional()
    .describe("`transcribe` (default) or `translate` into English."),
  fallback: z
    .enum(["whisper"])
    .optional()
    .describe(
      "`whisper`: start now on Whisper when the language's own model is not ready yet (SenseVoice for Cantonese, still downloading or not installed). Without it such a job is refused with 503 `CANTONESE_MODEL_NOT_READY` (nothing stored or charged; `details` say how far the download is), never handed to Whisper unasked. The job's `modelFamily` says which family ran.",
    ),
  chineseScript: z
    .enum([...CHINESE_SCRIPTS, "none"])
    .optional()
    .describe("Write Chinese in this script (`hk` by default for zh-HK accounts)."),
  style: z
    .enum(STYLE_NAMES)
    .optional()
    .describe("Subtitle style preset: line length, reading speed, time on screen."),
  prompt: z
    .string()
    .optional()
    .describe(
      `Initial prompt for the decoder (up to ${MAX_PROMPT_CHARS} characters): names and vocabulary.`,
    ),
  temperature: z
    .string()
    .optional()
    .describe("Starting decoder temperature, `0` (default) to `1`."),
  speakers: z
    .string()
    .optional()
    .describe(
      "Speaker diarization: `off` (default), `auto`, a number of speakers `1` to `10`, or a range `MIN-MAX` such as `2-4`. Subtitles then carry a `speaker`; saved voices label speakers by name. Costs the same minutes as without. 400 INVALID_SPEAKERS for other values; 503 DIARIZATION_MODEL_MISSING when the diarization models are not installed.",
    ),
  batchId: BatchIdField,
  callback_url: CallbackUrl.optional(),
});

/** POST /api/transcribe's multipart body, for the OpenAPI document. */
export const TranscribeUploadDoc = UploadFieldsDoc.extend({
  file: z
    .string()
    .meta({ format: "binary" })
    .describe("The audio or video file (any format ffmpeg reads); send it after the fields."),
  subtitles: z
    .string()
    .meta({ format: "binary" })
    .optional()
    .describe(
      "A subtitle or transcript file for the media: SRT, VTT, ASS/SSA, TTML (DFXP, IMSC), SBV, plain text (a subtitle per paragraph) or DOCX, in UTF-8, UTF-16 with a byte-order mark, Big5 or GB18030, at most 5 MB. Its timings are kept (no minutes charged) or, with `retime=true`, taken from the speech (charged as a transcription); its text is kept exactly. Timings kept past the media's end are fitted to it (the transcription's `importFitted` says how many); a script to re-time must fit its media (at most 10 words or CJK characters a second, and 200 more). 400 SUBTITLE_ENCODING_UNKNOWN, SUBTITLE_FILE_INVALID, SUBTITLE_FILE_EMPTY, SUBTITLE_TIME_UNREADABLE, SUBTITLE_CUE_TOO_LONG, SUBTITLE_AFTER_MEDIA, SUBTITLES_LONGER_THAN_MEDIA; 413 SUBTITLE_FILE_TOO_LARGE, SUBTITLE_DOCUMENT_TOO_LARGE, SUBTITLE_FILE_TOO_LONG; 422 SUBTITLE_FILE_TOO_COMPLEX.",
    ),
  retime: z
    .enum(["true", "false"])
    .optional()
    .describe(
      "With `subtitles`: `true` re-times the file to the speech (subtitles where script and speech disagree carry `mismatches`); `false` keeps its timings (400 SUBTITLES_UNTIMED for a plain-text or DOCX script). Default: keep when the file has timings.",
    ),
  bilingual: z
    .enum(["true", "false"])
    .optional()
    .describe(
      "`true`: the transcript plus its English translation (Whisper's translate task), each subtitle carrying a `translation`; two passes over the media, charged twice its length. Not with `subtitles` or `task=translate` (400 BILINGUAL_NOT_POSSIBLE).",
    ),
  translateTo: z
    .string()
    .optional()
    .describe(
      `Translate when done: up to ${MAX_TRANSLATE_TO} BCP-47 codes separated by commas (\`zh-HK,en\`). When the transcription completes, a translation into each is queued as POST /api/transcriptions/{id}/translations would (the transcription's style; charged as translations: one second of minutes per ten seconds of media each). One that cannot be queued then (not enough minutes) is listed by GET …/translations as failed with its code, free. The request is kept with the job, so a server that stops between the transcription completing and the translations being queued queues them when it starts again (once).`,
    ),
  translateGlossaryId: z
    .string()
    .optional()
    .describe(
      "With `translateTo`: a saved glossary's id (GET /api/glossaries: yours or your team's; 403/404 otherwise, before the file is kept) whose entries those translations use, as `glossaryId` of POST /api/transcriptions/{id}/translations. Read when they are queued: one deleted meanwhile is left out.",
    ),
  translateStyle: z
    .enum(STYLE_NAMES)
    .optional()
    .describe(
      "With `translateTo`: the style preset whose reading limits the translations fit (default: the transcription's `style`).",
    ),
  translateRegister: z
    .enum(CHINESE_REGISTERS)
    .optional()
    .describe(
      "With `translateTo` naming `zh-HK`: `written` (書面語, default) or `spoken` (Cantonese as spoken, 口語).",
    ),
});

/** The answer to an upload sent with `Prefer: respond-async`. */
export const AcceptedResponse = z.object({
  id: z.string(),
  status: TranscriptionSummary.shape.status,
  /** Where to follow it: the SSE stream. */
  eventsUrl: z.string(),
});

/** Highest chunk index accepted (100 MB in 15 MB chunks needs 7; small chunks need more). */
export const MAX_CHUNK_INDEX = 9_999;

/** The text fields of POST /api/uploads/chunk (multipart sends text). */
export const ChunkFields = z.object({
  chunkIndex: z.coerce
    .number({ error: "chunkIndex must be a whole number" })
    .int("chunkIndex must be a whole number")
    .min(0, "chunkIndex must be 0 or more")
    .max(MAX_CHUNK_INDEX, `chunkIndex must be at most ${MAX_CHUNK_INDEX}`),
  /** 0 when the client does not say. */
  totalChunks: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_CHUNK_INDEX + 1)
    .default(0),
  sessionId: z.string().max(64).optional(),
  chunkId: z.string().max(200).optional(),
  chunkSize: z.coerce.number().int().min(0).optional(),
  originalFileSize: z.coerce.number().int().min(0).optional(),
});

/** The chunk's multipart body, for the OpenAPI document (the handler reads it itself). */
export const ChunkUploadDoc = z.object({
  chunkIndex: z.string().describe("Which chunk this is, counted from 0."),
  totalChunks: z.string().optional().describe("How many chunks the file has."),
  sessionId: z
    .string()
    .optional()
    .describe("From the second chunk on: the sessionId the first chunk's answer gave."),
  chunkId: z.string().optional().describe("The client's own name for the chunk."),
  chunkSize: z.string().optional().describe("The chunk's size, in bytes."),
  originalFileSize: z.string().optional().describe("The whole file's size, in bytes."),
  file: z
    .string()
    .meta({ format: "binary" })
    .describe("The chunk's bytes (at most 25 MB); send it after the fields."),
});

/** The answer to a stored chunk. */
export const ChunkResponse = z.object({
  sessionId: z.string(),
  /** Where the server filed the chunk, as an opaque reference (not a path on disk). */
  path: z.string(),
  chunkIndex: z.number().int(),
  receivedBytes: z.number().int().describe("Bytes of this chunk stored."),
});

/** POST /api/uploads/combine: the session to join, and the upload's options. */
export const CombineBody = UploadOptions.extend({
  batchId: BatchIdField,
  teamId: z
    .uuid()
    .optional()
    .describe(
      "Upload into this team (docs/teams.md): the team owner's minutes pay; needs a role that may upload. Send the same `teamId` as a query parameter with the chunks.",
    ),
  sessionId: z.string().max(64),
  fileName: z.string().trim().min(1).max(255),
  totalChunks: z
    .number()
    .int()
    .min(1)
    .max(MAX_CHUNK_INDEX + 1),
  originalFileSize: z.number().int().min(0).default(0),
  chunkIds: z
    .array(z.string().max(200))
    .max(MAX_CHUNK_INDEX + 1)
    .optional(),
  subtitles: z
    .object({
      fileName: z.string().trim().max(255),
      /** The file's bytes in base64 (a little over its limit is let through: 413 says why). */
      base64: z
        .string()
        .max(Math.ceil((MAX_IMPORT_BYTES + 3) / 3) * 4 + 1024)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, "subtitles.base64 must be base64"),
    })
    .optional()
    .describe(
      "A subtitle or transcript file for the media, as the `subtitles` part of POST /api/transcribe (same formats and limits, with `retime`), its bytes in base64.",
    ),
});

/** GET /api/uploads/limits: what an upload may be on this server (MAX_UPLOAD_MB). */
export const UploadLimits = z.object({
  maxUploadBytes: z
    .number()
    .int()
    .positive()
    .describe(
      "Largest file accepted, in bytes (one request, or the chunks of one upload together).",
    ),
});
/** The largest JSON body of /api/uploads/combine: the options and a subtitle file in base64. */
export const MAX_COMBINE_BODY_BYTES = Math.ceil(MAX_IMPORT_BYTES / 3) * 4 + 64 * 1024;
