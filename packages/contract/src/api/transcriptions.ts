import { CUE_ALIGNS, CUE_POSITIONS, STYLE_NAMES } from "@verbatim/subtitles";
import { z } from "zod";
import { MODEL_FAMILIES } from "../model-families.js";
import { EXPORT_FORMATS, FRAME_RATES } from "../export-formats.js";
import { JOB_STATUSES } from "../jobs.js";
import { INSIGHT_STATUSES } from "../insights.js";
import { cleanFileName, MAX_FILE_NAME } from "../file-names.js";
import { STL_GSI_FIELDS } from "../stl-information.js";
import { MAX_SPEAKER_NAME } from "../limits.js";

// A user's transcriptions: the history, one with its subtitles, edits, exports.

/** Most mismatches one subtitle carries. */
const MAX_MISMATCHES = 50;

/** A place where an imported script and the recognised speech disagree. */
export const ScriptMismatch = z.object({
  script: z.string().max(2000).describe("The script's words there, as written."),
  heard: z.string().max(2000).describe("What was recognised there."),
  startMs: z.number().int().min(0).describe("Start, in milliseconds from the media's start."),
  endMs: z.number().int().min(0).describe("End, in milliseconds from the media's start."),
});

/** A subtitle's text: markup with its styles (packages/subtitles/src/cue-styling.ts). */
const CueText = z
  .string()
  .describe(
    "The text; lines separated by `\\n`. Markup: `<i>`, `<b>`, `<u>` (and their end tags) style a word or the whole subtitle, as SubRip and WebVTT write them; `&lt;` is a literal `<` and `&amp;` a literal `&` where they would otherwise read as markup (a typed `<i>` is sent as `&lt;i>`).",
  );
/** Where a subtitle sits: omitted is the bottom. */
const CuePositionField = z
  .enum(CUE_POSITIONS)
  .optional()
  .describe("Where the subtitle is shown: `top` or `bottom` (omitted: bottom).");
/** How a subtitle's lines align: omitted is centred. */
const CueAlignField = z
  .enum(CUE_ALIGNS)
  .optional()
  .describe("How its lines are aligned: `left`, `center` or `right` (omitted: center).");

/** One subtitle as the API shows it: times as `hh:mm:ss,mmm`. */
export const Subtitle = z.object({
  id: z.number().int(),
  startTime: z.string().describe("SRT timecode `hh:mm:ss,mmm` (milliseconds after the comma)."),
  endTime: z.string().describe("SRT timecode `hh:mm:ss,mmm` (milliseconds after the comma)."),
  text: CueText,
  position: CuePositionField,
  align: CueAlignField,
  speaker: z
    .string()
    .optional()
    .describe(
      "Id of the subtitle's speaker (one of the transcription's `speakers`), when diarized.",
    ),
  /**
   * The words with their times in milliseconds: as recognised, or after an edit the unchanged
   * words' own times and estimated ones (by characters) for the others. The editor highlights
   * the word being spoken.
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
  /** Where an imported script and the speech disagree (a re-timed import), to check first. */
  mismatches: z
    .array(ScriptMismatch)
    .max(MAX_MISMATCHES)
    .optional()
    .describe(
      "A re-timed import: where this subtitle's script and the speech disagree. `heard` empty: the script's words were not heard; `script` empty: speech not in the script.",
    ),
  translation: z
    .string()
    .max(2000)
    .optional()
    .describe("A bilingual transcription: the subtitle's English translation."),
});

const Status = z.enum(JOB_STATUSES);

/** A batch's id: chosen by the client (a UUID) when it starts sending the batch's files. */
export const BatchId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "batchId must be 8 to 64 letters, digits, - or _");

/** A history row: the transcription, plus its job's state. */
export const TranscriptionSummary = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
  /** Seconds of media. */
  duration: z.number().describe("Length of the media, in seconds."),
  model: z.string(),
  engineModel: z
    .string()
    .describe(
      "The model that ran it (or will run it, while queued), as the models list names it: e.g. `base`, `large-v3-turbo`, `parakeet-tdt-0.6b-v3`, `sensevoice-small`, or a model file's name. A job left on language `auto` may be routed to another model once its language is detected.",
    ),
  modelFamily: z
    .enum(MODEL_FAMILIES)
    .nullable()
    .describe(
      "The model family that ran it (or will run it, while queued): `whisper`, `parakeet` or `sensevoice`; null for jobs from before families were recorded.",
    ),
  status: Status,
  /** Spoken language (detected, or as requested); null until known. */
  language: z.string().nullable(),
  /** 0..100 while processing. */
  progress: z.number().int().describe("Percent done, 0 to 100."),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  chargedSeconds: z
    .number()
    .int()
    .nullable()
    .describe(
      "Seconds of minutes charged once the job is settled (null until then): a completed job pays for its length; one that stopped (cancelled, hung up on, failed) pays for the audio it had transcribed, 0 when it had delivered no text.",
    ),
  speakerCount: z
    .number()
    .int()
    .nullable()
    .describe("How many speakers diarization found (or the user listed); null when not diarized."),
  batchId: z
    .string()
    .nullable()
    .describe(
      "The batch the file was sent in (several files sent together from the web app); null when sent alone.",
    ),
  teamId: z
    .string()
    .nullable()
    .describe(
      "The team it belongs to (docs/teams.md): its members see it by their role, and the team owner's minutes pay for it; null: the uploader's own.",
    ),
  shortSummary: z
    .string()
    .nullable()
    .optional()
    .describe(
      "The short summary of its newest completed insights (docs/insights.md), in History (GET /api/transcriptions); null when it has none.",
    ),
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
  importFitted: z
    .object({ dropped: z.number().int(), shortened: z.number().int() })
    .optional()
    .describe(
      "Made from a subtitle file whose timings were kept: how many of its subtitles were past the media's end (`dropped`: started at or after it, left out; `shortened`: now end there). Absent when none was.",
    ),
  frameRate: z
    .enum(FRAME_RATES)
    .nullable()
    .optional()
    .describe(
      "The uploaded video's frame rate as timecode counts it (`23.976`, `24`, `25`, `29.97` drop-frame, `30`): the editor's frame mode, the minimum gap in frames and timecoded exports use it. Null for audio or a video of another rate.",
    ),
  shotChanges: z
    .array(z.number().int())
    .optional()
    .describe(
      "Shot changes (hard cuts) found in the uploaded video: times in milliseconds, in order. Subtitle edges near them were moved to them (an in-time within 12 frames starts on the change, an out-time within 12 frames ends 2 frames before it); the editor shows them and snaps to them. Absent for audio and jobs from before.",
    ),
  commentCount: z
    .number()
    .int()
    .optional()
    .describe(
      "How many comments were left on it through share links (GET and PATCH of /api/transcriptions/{id}).",
    ),
  insightsStatus: z
    .enum(INSIGHT_STATUSES)
    .nullable()
    .optional()
    .describe(
      "The state of its newest insights job (GET /api/transcriptions/{id}/insights); null when insights were never asked for (GET and PATCH of /api/transcriptions/{id}).",
    ),
});

export const IdParams = z.object({ id: z.string().max(64) });

export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Only jobs created before this time (ISO-8601): the next page starts at the last one's. */
  before: z.iso.datetime().optional(),
  /** Only jobs whose file name or text contains this (any case). */
  q: z.string().trim().max(200).optional(),
  /** A team's History instead of one's own (any role in the team may read it). */
  teamId: z
    .uuid()
    .optional()
    .describe("A team's transcriptions (its History) instead of your own."),
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

/** `true`/`false` in a query string, as a boolean (default false). */
const QueryFlag = z
  .enum(["true", "false"])
  .default("false")
  .transform((value) => value === "true");

export const ExportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS)
    .default("srt")
    .describe(
      "srt, vtt, ass, ttml (IMSC 1.1 text), stl (EBU-STL), sbv; docx, pdf, txt; csv, xlsx, json, eaf (ELAN); fcpxml (Final Cut Pro markers), premiere (Premiere Pro markers, Final Cut Pro 7 XML), edl (DaVinci Resolve markers), avid (Media Composer marker text). See docs/formats.md.",
    ),
  fps: z
    .enum(FRAME_RATES)
    .optional()
    .describe(
      "Frame rate of SMPTE timecode (stl, fcpxml, premiere, edl, avid; docx and pdf with `timecodes=true`) and of ttml's times in frames: 23.976, 24, 25, 29.97 (drop-frame) or 30. Default: the uploaded video's, else 25 (and ttml in clock times, unless made with the netflix preset).",
    ),
  timecodes: QueryFlag.describe(
    "`true`: docx and pdf give each paragraph an SMPTE timecode (HH:MM:SS:FF) instead of hh:mm:ss.",
  ),
  timestamps: QueryFlag.describe(
    "`true`: txt starts each speaker's paragraph with `[hh:mm:ss]` (MAXQDA and NVivo read these).",
  ),
  karaoke: QueryFlag.describe("`true`: ass times each word with `\\k` karaoke tags."),
  ...STL_GSI_FIELDS,
  speakerNames: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true")
    .describe(
      "`false` leaves speaker labels out of every format that writes them (SRT and SBV `Name: `, VTT voice spans, TXT, DOCX and PDF names, CSV and XLSX columns, ASS names and styles, TTML agents, ELAN tiers, editor markers, EBU-STL colours); JSON always lists them. Default `true`.",
    ),
  lang: z
    .enum(["en", "zh-HK"])
    .optional()
    .describe(
      'Language of unnamed speakers\' labels ("Speaker 1" / "講者 1"); default the account\'s.',
    ),
  track: z
    .enum(["both", "original", "translation"])
    .default("both")
    .describe(
      "A bilingual transcription, or one exported with `language`: `both` (default) writes two-line subtitles, the original line over its translation, each within its own line limit; `original` or `translation` writes one language as its own track, labelled with its own language.",
    ),
  language: z
    .string()
    .max(35)
    .optional()
    .describe(
      "A translation track's BCP-47 code (GET /api/transcriptions/{id}/translations): exports the transcription with that translation as its `translation` (`track` picks which). 404 TRANSLATION_NOT_FOUND when it has none in that language.",
    ),
});

/** A speaker id as the editor may send it ("S1"…): the engine's, or one the user added. */
const SpeakerId = z
  .string()
  .regex(/^S[1-9]\d{0,2}$/, 'a speaker id is "S" and a number, e.g. "S1"');

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
    /**
     * The new name, cleaned as an upload's is (cleanFileName: no control or bidi characters,
     * no folders); a name with nothing left is refused, the old one kept.
     */
    fileName: z
      .string()
      .max(4 * MAX_FILE_NAME)
      .transform(cleanFileName)
      .pipe(z.string().min(1, "a file name must have a character that can be shown"))
      .optional(),
    subtitles: z
      .array(
        z.object({
          id: z.number().int().optional(),
          startTime: z.string().max(20),
          endTime: z.string().max(20),
          text: CueText.max(2000),
          position: CuePositionField,
          align: CueAlignField,
          /** The subtitle's speaker (a listed `speakers` id); omitted or null: none. */
          speaker: SpeakerId.nullable().optional(),
          /** Mismatches not yet checked (the editor drops those a person has checked). */
          mismatches: z.array(ScriptMismatch).max(MAX_MISMATCHES).optional(),
          /** A bilingual transcription's translation of the subtitle, as edited. */
          translation: z.string().max(2000).optional(),
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
