import { CHINESE_SCRIPTS, isSupportedLanguage } from "@verbatim/engine";
import { JOB_STATUSES } from "@verbatim/contract";
import { z } from "zod";
import { STYLE_NAMES } from "@verbatim/subtitles";

/** One subtitle as the API shows it: times as `hh:mm:ss,mmm`. */
export const Subtitle = z.object({
  id: z.number().int(),
  startTime: z.string().describe("SRT timecode `hh:mm:ss,mmm` (milliseconds after the comma)."),
  endTime: z.string().describe("SRT timecode `hh:mm:ss,mmm` (milliseconds after the comma)."),
  text: z.string(),
  speaker: z
    .string()
    .optional()
    .describe(
      "Id of the subtitle's speaker (one of the transcription's `speakers`), when diarized.",
    ),
  /**
   * The words with their times in milliseconds, while the text is still the one they were
   * recognised as (an edited text has none): the editor highlights the word being spoken.
   */
  words: z
    .array(
      z.object({
        text: z.string(),
        startMs: z.number().int().describe("Start, in milliseconds from the media's start."),
        endMs: z.number().int().describe("End, in milliseconds from the media's start."),
      }),
    )
    .optional()
    .describe("Word timings in milliseconds, while the text is unchanged."),
});

const Status = z.enum(JOB_STATUSES);

/** A history row: the transcription, plus its job's state. */
export const TranscriptionSummary = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
  /** Seconds of media. */
  duration: z.number().describe("Length of the media, in seconds."),
  model: z.string(),
  status: Status,
  /** Spoken language (detected, or as requested); null until known. */
  language: z.string().nullable(),
  /** 0..100 while processing. */
  progress: z.number().int().describe("Percent done, 0 to 100."),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  speakerCount: z
    .number()
    .int()
    .nullable()
    .describe("How many speakers diarization found (or the user listed); null when not diarized."),
});

/** A speaker of a diarized transcription. */
export const SpeakerItem = z.object({
  id: z
    .string()
    .describe('Stable within the transcription: "S1", "S2", … in order of first speech.'),
  name: z
    .string()
    .nullable()
    .describe('The name given (or of the saved voice it matched); null shows as "Speaker N".'),
});

/** One transcription with its subtitles. */
export const TranscriptionDetail = TranscriptionSummary.extend({
  /** The subtitle style preset the cues were built to (the editor checks them against it). */
  style: z.enum(STYLE_NAMES),
  speakers: z
    .array(SpeakerItem)
    .nullable()
    .describe("Who speaks (diarization); null when the transcription was not diarized."),
  subtitles: z.array(Subtitle),
  /** The whole text, subtitles joined with blank lines. */
  text: z.string(),
  /**
   * The audio kept for the editor's player (a small copy, not the upload), until `expiresAt`
   * (the plan's retention); null when there is none (expired, or from before copies were kept).
   */
  audio: z
    .object({
      url: z.string(),
      expiresAt: z.string().describe("ISO-8601 UTC time when the copy is deleted."),
    })
    .nullable(),
  /**
   * Identifies this version of the subtitles: send it back as `baseVersion` when saving edits,
   * and a save made from an older version (another tab or device saved meanwhile) is refused
   * with 409 EDIT_CONFLICT instead of silently overwriting.
   */
  version: z.string().describe("Send back as `baseVersion` when saving edited subtitles."),
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

const ms = (what: string) => z.number().int().describe(`${what}, in milliseconds.`);

/** `format=json` of the export: the cues with their words, every time in milliseconds. */
export const JsonExport = z.object({
  language: z.string().nullable().describe("ISO-639-1 code of the spoken language, or null."),
  duration: ms("Length of the media"),
  speakers: z
    .array(
      SpeakerItem.extend({
        label: z
          .string()
          .describe('The name shown: the name, else "Speaker N" ("講者 N" in zh-HK).'),
      }),
    )
    .optional()
    .describe("Present when the transcription was diarized."),
  cues: z.array(
    z.object({
      index: z.number().int().describe("Position, counted from 1."),
      start: ms("Start"),
      end: ms("End"),
      text: z.string().describe("The text shown; lines separated by `\\n`."),
      speaker: z.string().optional().describe("Id of the cue's speaker, when diarized."),
      words: z
        .array(
          z.object({
            text: z.string(),
            start: ms("Start"),
            end: ms("End"),
            probability: z.number().optional().describe("The model's confidence, 0 to 1."),
            speaker: z.string().optional().describe("Id of the word's speaker, when diarized."),
          }),
        )
        .optional()
        .describe("The words the cue was built from, when word timings are known."),
    }),
  ),
});

export const ExportQuery = z.object({
  format: z.enum(["srt", "vtt", "txt", "json"]).default("srt"),
  speakerNames: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true")
    .describe(
      "`false` leaves speakers out of SRT, VTT and TXT (JSON always lists them); default `true`.",
    ),
  lang: z
    .enum(["en", "zh-HK"])
    .optional()
    .describe(
      'Language of unnamed speakers\' labels ("Speaker 1" / "講者 1"); default the account\'s.',
    ),
});

/** A speaker id as the editor may send it ("S1"…): the engine's, or one the user added. */
const SpeakerId = z
  .string()
  .regex(/^S[1-9]\d{0,2}$/, 'a speaker id is "S" and a number, e.g. "S1"');

/** The longest name of a speaker or saved voice. */
export const MAX_SPEAKER_NAME = 100;

/** A speaker's or voice's name: trimmed, one line, at most MAX_SPEAKER_NAME characters. */
export const SpeakerName = z
  .string()
  .trim()
  .min(1, "a name must not be empty")
  .max(MAX_SPEAKER_NAME, `a name must be at most ${MAX_SPEAKER_NAME} characters`)
  .refine((name) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name), "a name must be one line of text");

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
          /** The subtitle's speaker (a listed `speakers` id); omitted or null: none. */
          speaker: SpeakerId.nullable().optional(),
        }),
      )
      .max(20_000)
      .optional(),
    /**
     * The speakers, replacing the list: rename one by changing its name (every subtitle of
     * theirs shows the new name). Each subtitle's `speaker` must be one of these.
     */
    speakers: z
      .array(z.object({ id: SpeakerId, name: SpeakerName.nullable() }))
      .max(100)
      .refine((list) => new Set(list.map((s) => s.id)).size === list.length, {
        message: "speaker ids must be unique",
      })
      .optional(),
    /** The `version` the edits were made from; omitted, the save overwrites whatever is there. */
    baseVersion: z.string().max(64).optional(),
  })
  .refine(
    (body) =>
      body.fileName !== undefined || body.subtitles !== undefined || body.speakers !== undefined,
    { message: "Send fileName, subtitles, speakers or several of them." },
  );

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
  /** Initial prompt for the decoder: names, vocabulary and style to expect. */
  prompt: z.string().max(10_000, "prompt must be at most 10000 characters").optional(),
  /** Starting decoder temperature, 0 (default) to 1; the server may raise it on a bad window. */
  temperature: z.coerce
    .number({ error: "temperature must be a number between 0 and 1" })
    .min(0, "temperature must be between 0 and 1")
    .max(1, "temperature must be between 0 and 1")
    .optional(),
  /** Speaker diarization (checked by parseSpeakersOption: 400 INVALID_SPEAKERS). */
  speakers: z.union([z.string(), z.number()]).optional(),
});

export type UploadOptionsInput = z.input<typeof UploadOptions>;

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
      "`whisper-1` (fast, the default), `gpt-4o-transcribe` (accurate), or an installed model's name.",
    ),
  generateTimestamps: z
    .enum(["true", "false"])
    .optional()
    .describe("Word timings for the cues (default `true`)."),
  language: z
    .string()
    .optional()
    .describe("`auto` (default: detected) or an ISO-639-1 code such as `en`, `zh`, `ja`."),
  task: z
    .enum(["transcribe", "translate"])
    .optional()
    .describe("`transcribe` (default) or `translate` into English."),
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
    .describe("Initial prompt for the decoder (up to 10000 characters): names and vocabulary."),
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
});

/** POST /api/transcribe's multipart body, for the OpenAPI document. */
export const TranscribeUploadDoc = UploadFieldsDoc.extend({
  file: z
    .string()
    .meta({ format: "binary" })
    .describe("The audio or video file (any format ffmpeg reads); send it after the fields."),
});
