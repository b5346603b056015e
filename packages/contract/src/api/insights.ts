import { z } from "zod";
import { CHINESE_SCRIPTS } from "@verbatim/subtitles/chinese-script";
import {
  INSIGHT_MEDIA_SECONDS_PER_CHARGED_SECOND,
  INSIGHT_STATUSES,
  MAX_QUESTION_CHARS,
  MAX_QUESTION_TRANSCRIPTIONS,
} from "../insights.js";

// Insights (docs/insights.md): summary, chapters, key points, quotes, action items and topics
// of a transcription, every statement with the cues it cites; and questions answered with
// citations. The shapes here are what the server stores, serves and accepts as edits.

export const Citation = z
  .object({
    sourceId: z.string().describe("The transcription the cue belongs to."),
    cue: z.number().int().describe("The cue's position in the transcription, from 1."),
    start: z
      .number()
      .int()
      .describe("Where the cited cue starts, in milliseconds: what a click plays."),
    end: z.number().int().describe("Where the cited cue ends, in milliseconds."),
  })
  .describe("Where a statement comes from: a cue of the transcript, checked to exist.");

export const CitedText = z.object({
  text: z.string(),
  citations: z.array(Citation),
  unverified: z
    .literal(true)
    .optional()
    .describe(
      "Present when none of the statement's citations held (the model cited cues that do not exist): show it marked, never as sourced.",
    ),
});

export const InsightChapter = z.object({
  title: z.string(),
  gist: z.string(),
  start: z.number().int().describe("In milliseconds; the first chapter starts at 0."),
  end: z
    .number()
    .int()
    .describe("In milliseconds: where the next chapter starts, the last at the recording's end."),
  citation: Citation.nullable(),
});

export const InsightQuote = CitedText.extend({ speaker: z.string().nullable() });
export const InsightActionItem = CitedText.extend({
  owner: z.string().nullable().describe("Who will do it, when a speaker said so."),
  due: z.string().nullable(),
});

/** The insights themselves (what the job writes and an edit replaces). */
export const InsightsContent = z.object({
  version: z.literal(1),
  model: z.string(),
  language: z.string().nullable(),
  durationMs: z.number().int().describe("The recording's length, in milliseconds."),
  shortSummary: CitedText,
  summary: z.array(CitedText),
  chapters: z.array(InsightChapter),
  keyPoints: z.array(CitedText),
  quotes: z.array(InsightQuote),
  actionItems: z.array(InsightActionItem),
  topics: z.array(z.string()),
  checks: z
    .object({
      rejected: z.number().int(),
      regenerated: z.number().int(),
      dropped: z.number().int(),
      sections: z.number().int(),
    })
    .describe(
      "How the citation checks went: citations rejected, answers asked for again (once), items dropped or marked unverified after that, and the sections a long transcript was read in.",
    ),
  tokens: z.object({ prompt: z.number().int(), output: z.number().int() }),
});

/** POST /api/transcriptions/{id}/insights. */
export const InsightsBody = z.object({
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
    .nullable()
    .default(null)
    .describe("Language code to write them in; null (default) for the transcript's own."),
  chineseScript: z
    .enum(CHINESE_SCRIPTS)
    .nullable()
    .default(null)
    .describe("Chinese written in this script (hk, tw, cn); null leaves the model's."),
});

/** A transcription's insights job and, once completed, the insights. */
export const InsightsReply = z.object({
  id: z.string(),
  transcriptionId: z.string(),
  status: z.enum(INSIGHT_STATUSES),
  progress: z.number().int().describe("Percent done, 0 to 100."),
  stage: z.string().nullable().describe("`sections` or `combining` while running."),
  costSeconds: z
    .number()
    .int()
    .describe(
      `Seconds of minutes reserved (one for every ${INSIGHT_MEDIA_SECONDS_PER_CHARGED_SECOND} seconds of the recording): charged when the insights are delivered, given back when the job fails or is cancelled. Editing and questions are free.`,
    ),
  insights: InsightsContent.nullable(),
  edited: z
    .boolean()
    .describe("Whether someone has edited the insights since they were generated."),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string().describe("When it was asked for (ISO-8601)."),
  finishedAt: z.string().nullable().describe("When it ended (ISO-8601); null while it runs."),
});

/** PATCH /api/transcriptions/{id}/insights: the parts replaced (each optional). */
export const InsightsEdit = z.object({
  shortSummary: z.string().min(1).max(2_000).optional(),
  summary: z
    .array(CitedText.extend({ text: z.string().min(1).max(4_000) }))
    .max(50)
    .optional(),
  chapters: z
    .array(
      z.object({
        title: z.string().min(1).max(200),
        gist: z.string().max(1_000),
        start: z.number().int().min(0).describe("In milliseconds."),
      }),
    )
    .min(1)
    .max(200)
    .optional()
    .describe(
      "Titles, gists and starts; ends are set from the next start (the first must start at 0).",
    ),
  actionItems: z
    .array(InsightActionItem.extend({ text: z.string().min(1).max(2_000) }))
    .max(200)
    .optional(),
  keyPoints: z
    .array(CitedText.extend({ text: z.string().min(1).max(2_000) }))
    .max(100)
    .optional(),
});

export const QuestionBody = z.object({
  question: z.string().trim().min(1).max(MAX_QUESTION_CHARS),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
    .nullable()
    .default(null),
});

export const QuestionsAcrossBody = QuestionBody.extend({
  transcriptionIds: z.array(z.string().max(64)).min(1).max(MAX_QUESTION_TRANSCRIPTIONS),
});

export const AnswerPart = z.union([
  z.object({ text: z.string() }),
  z.object({ citation: Citation }),
  z.object({
    unverified: z
      .string()
      .describe("A citation that did not hold (a cue not shown, a quote it does not hold)."),
  }),
]);

/** A question asked and its checked answer (the history kept with the transcription). */
export const QuestionReply = z.object({
  id: z.string(),
  question: z.string(),
  notInTranscript: z.boolean(),
  parts: z.array(AnswerPart),
  text: z.string(),
  citations: z.array(Citation),
  model: z.string(),
  createdAt: z.string().describe("When it was asked (ISO-8601)."),
});
