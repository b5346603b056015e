import { z } from "zod";

// What the model must answer, as zod schemas (validation) and JSON Schema (the grammar or
// response_format the layer asks for). Every statement names the cue ids it comes from; the
// ids and quotes are checked against the transcript afterwards (insight-checks.ts).
//
// The shapes are bounded by what one answer may hold: list lengths and text lengths are chosen
// so that even the longest answer the schema allows fits the answer's token limit at the
// model's measured characters per token. A model cannot run past its limit mid-JSON however
// much it writes (a random-weight model writes the most the schema allows).

/** How much an answer may hold. */
export interface AnswerLimits {
  /** Items per list. */
  items: number;
  /** Characters per statement. */
  text: number;
  /** Cue ids per statement. */
  cues: number;
}

/** The limits for an answer of `maxTokens` tokens at `charsPerToken` (measured on the model's tokenizer). */
export function answerLimits(maxTokens: number, charsPerToken: number): AnswerLimits {
  const chars = Math.floor(maxTokens * Math.max(0.5, charsPerToken) * 0.8);
  const items = Math.max(1, Math.min(12, Math.floor(chars / 1_500)));
  const cues = Math.max(2, Math.min(12, items));
  // Six lists of `items` statements, each with its ids (`"c1234",` ~8 chars) and keys (~50).
  const text = Math.floor(chars / (1 + 6 * items) - cues * 8 - 50);
  return { items, cues, text: Math.max(24, Math.min(1_200, text)) };
}

function shapes(limits: AnswerLimits) {
  const cueIds = z.array(z.string().max(8)).max(limits.cues);
  const text = z.string().min(1).max(limits.text);
  const short = z
    .string()
    .min(1)
    .max(Math.max(16, Math.min(80, Math.floor(limits.text / 2))));
  const citedText = z.object({ text, cues: cueIds });
  const quote = z.object({ quote: text, speaker: short.nullable(), cues: cueIds });
  const actionItem = z.object({
    text,
    owner: short.nullable(),
    due: short.nullable(),
    cues: cueIds,
  });
  const chapter = z.object({ title: short, gist: text, start: z.string().max(8) });
  const list = <T extends z.ZodType>(item: T) => z.array(item).max(limits.items);
  return {
    section: z.object({
      shortSummary: citedText,
      summary: list(citedText),
      chapters: list(chapter),
      keyPoints: list(citedText),
      quotes: list(quote),
      actionItems: list(actionItem),
      topics: list(short),
    }),
    combined: z.object({
      shortSummary: citedText,
      summary: list(citedText),
      keyPoints: list(citedText),
      topics: list(short),
    }),
  };
}

/** One pass over a transcript, or over one section of a long one (the map step). */
export type SectionAnswer = z.infer<ReturnType<typeof shapes>["section"]>;
/** Combining the sections' notes (the reduce step): the whole recording's summary. */
export type CombinedAnswer = z.infer<ReturnType<typeof shapes>["combined"]>;

export interface AnswerShape<T> {
  schema: Record<string, unknown>;
  validate: (value: unknown) => T;
}

/** The section and combined answers' schemas for these limits. */
export function answerShapes(limits: AnswerLimits): {
  section: AnswerShape<SectionAnswer>;
  combined: AnswerShape<CombinedAnswer>;
} {
  const { section, combined } = shapes(limits);
  return {
    section: { schema: jsonSchema(section), validate: (value) => section.parse(value) },
    combined: { schema: jsonSchema(combined), validate: (value) => combined.parse(value) },
  };
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const document = z.toJSONSchema(schema) as Record<string, unknown>;
  delete document.$schema; // the layer sends the schema itself; the dialect line is not part of it
  return document;
}
