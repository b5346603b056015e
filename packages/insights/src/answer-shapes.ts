import { z } from "zod";

// What the model must answer, as zod schemas (validation) and JSON Schema (the grammar or
// response_format the layer asks for). Every statement names the cue ids it comes from; the
// ids and quotes are checked against the transcript afterwards (insight-checks.ts).

const cueIds = z.array(z.string().max(20)).max(12);
const text = (max: number) => z.string().min(1).max(max);

const citedText = z.object({ text: text(1_200), cues: cueIds });
const quote = z.object({ quote: text(600), speaker: z.string().max(80).nullable(), cues: cueIds });
const actionItem = z.object({
  text: text(600),
  owner: z.string().max(80).nullable(),
  due: z.string().max(80).nullable(),
  cues: cueIds,
});
const chapter = z.object({ title: text(120), gist: text(400), start: z.string().max(20) });

/** One pass over a transcript, or over one section of a long one (the map step). */
export const sectionAnswer = z.object({
  shortSummary: citedText,
  summary: z.array(citedText).max(12),
  chapters: z.array(chapter).max(12),
  keyPoints: z.array(citedText).max(12),
  quotes: z.array(quote).max(8),
  actionItems: z.array(actionItem).max(20),
  topics: z.array(text(60)).max(12),
});
export type SectionAnswer = z.infer<typeof sectionAnswer>;

/** Combining the sections' notes (the reduce step): the whole recording's summary. */
export const combinedAnswer = z.object({
  shortSummary: citedText,
  summary: z.array(citedText).max(16),
  keyPoints: z.array(citedText).max(16),
  topics: z.array(text(60)).max(16),
});
export type CombinedAnswer = z.infer<typeof combinedAnswer>;

export const sectionAnswerSchema = jsonSchema(sectionAnswer);
export const combinedAnswerSchema = jsonSchema(combinedAnswer);

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const document = z.toJSONSchema(schema) as Record<string, unknown>;
  delete document.$schema; // the layer sends the schema itself; the dialect line is not part of it
  return document;
}
