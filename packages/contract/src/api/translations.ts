import { z } from "zod";
import { STYLE_NAMES } from "@verbatim/subtitles";
import {
  CHINESE_REGISTERS,
  MAX_GLOSSARY_ENTRIES,
  MAX_GLOSSARY_TERM_CHARS,
} from "@verbatim/subtitles/translation";
import { canonicalLanguageTag } from "../translation-languages.js";
import { TRANSLATION_MEDIA_SECONDS_PER_CHARGED_SECOND } from "../translation-cost.js";

/** The statuses of a translation job. */
export const TRANSLATION_STATUSES = [
  "queued",
  "running",
  "completed",
  "failed",
  "cancelled",
] as const;

/** A BCP-47 language tag, read into its canonical case (`zh-hk` → `zh-HK`). */
export const LanguageTag = z
  .string()
  .transform((value, ctx) => {
    const tag = canonicalLanguageTag(value.trim());
    if (tag === null) {
      ctx.addIssue({ code: "custom", message: "language must be a BCP-47 code such as zh-HK" });
      return z.NEVER;
    }
    return tag;
  })
  .meta({ type: "string", example: "zh-HK" })
  .describe("A BCP-47 language code, e.g. `zh-HK`, `zh-TW`, `zh-CN`, `yue`, `en`, `ja`.");

/** One glossary term. */
export const GlossaryEntry = z.object({
  source: z
    .string()
    .trim()
    .min(1)
    .max(MAX_GLOSSARY_TERM_CHARS)
    .describe("As it appears in the transcript."),
  target: z
    .string()
    .trim()
    .min(1)
    .max(MAX_GLOSSARY_TERM_CHARS)
    .describe("As it must appear in the translation (the same text keeps it untranslated)."),
});

export const Glossary = z.array(GlossaryEntry).max(MAX_GLOSSARY_ENTRIES);

/** POST /api/transcriptions/{id}/translations. */
export const TranslationBody = z.object({
  language: LanguageTag,
  glossary: Glossary.optional().describe(
    "Terms kept or translated as given: named in the request to the model, and checked after (a cue missing one is flagged `GLOSSARY_MISSING`).",
  ),
  glossaryId: z
    .uuid()
    .optional()
    .describe("A saved glossary (yours or your team's) whose entries are added to `glossary`."),
  style: z
    .enum(STYLE_NAMES)
    .optional()
    .describe(
      "The style preset whose reading limits the translation fits (default: the transcription's).",
    ),
  register: z
    .enum(CHINESE_REGISTERS)
    .optional()
    .describe(
      "Hong Kong Chinese (`zh-HK`): `written` (書面語, default) or `spoken` (Cantonese as spoken, 口語). `yue` is always spoken.",
    ),
});

/** Why a translated cue needs a look. */
export const TRANSLATION_FLAGS = ["OVER_BUDGET", "GLOSSARY_MISSING"] as const;

/** One translated cue, by the transcription cue it belongs to. */
export const TranslatedCue = z.object({
  index: z.number().int().describe("The transcription cue's `index`."),
  text: z.string().describe("The translation, broken into lines (`\\n`) by the target's limits."),
  flags: z
    .array(z.enum(TRANSLATION_FLAGS))
    .describe(
      "`OVER_BUDGET`: still over the style's reading limits after the model was asked to condense it (never cut); `GLOSSARY_MISSING`: a glossary term of the cue is not rendered as asked.",
    ),
});

/** A translation job (and, once completed, its language's track). */
export const TranslationReply = z.object({
  id: z.string(),
  transcriptionId: z.string(),
  language: z.string(),
  status: z.enum(TRANSLATION_STATUSES),
  progress: z.number().int().describe("Percent of cues translated, 0 to 100."),
  model: z.string().nullable().describe("The language model that translated it."),
  style: z.enum(STYLE_NAMES),
  register: z.enum(CHINESE_REGISTERS).nullable(),
  glossary: Glossary,
  costSeconds: z
    .number()
    .int()
    .describe(
      `Seconds of minutes reserved: one for every ${TRANSLATION_MEDIA_SECONDS_PER_CHARGED_SECOND} seconds of media. Completed: charged in full; stopped early: charged for how far the delivered cues reach; nothing delivered: free.`,
    ),
  chargedSeconds: z.number().int().nullable().describe("Seconds of minutes charged, once settled."),
  flaggedCues: z.number().int().describe("Cues with a flag."),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string().describe("When it was asked for (ISO-8601)."),
  finishedAt: z.string().nullable().describe("When it ended (ISO-8601); null while it runs."),
});

/** A language's track: its translated cues. */
export const TranslationTrackReply = TranslationReply.extend({
  cues: z
    .array(TranslatedCue)
    .describe("Translated cues (all of them once completed; those so far while running)."),
});

/** GET /api/transcriptions/{id}/translations. */
export const TranslationListReply = z.object({
  translations: z
    .array(TranslationTrackReply)
    .describe("Each language's latest job, newest first: its track once completed."),
});

/** PATCH /api/transcriptions/{id}/translations/{language}: edited translated cues. */
export const TranslationEditBody = z.object({
  cues: z
    .array(z.object({ index: z.number().int().min(1), text: z.string().max(1_000) }))
    .min(1)
    .max(10_000),
});

export const TranslationLanguageParams = z.object({
  id: z.string(),
  language: LanguageTag,
});

/** A saved glossary. */
export const SavedGlossary = z.object({
  id: z.string(),
  name: z.string(),
  teamId: z.string().nullable().describe("The team it belongs to; null: your own."),
  entries: Glossary,
  updatedAt: z.string().describe("When it was last changed (ISO-8601)."),
});

/** POST /api/glossaries and PUT /api/glossaries/{id}. */
export const GlossaryBody = z.object({
  name: z.string().trim().min(1).max(100),
  teamId: z.uuid().nullable().optional().describe("Save it for a team you may edit in."),
  entries: Glossary,
});
