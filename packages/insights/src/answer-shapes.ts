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

/**
 * The shapes for these limits. `strict` is what the model is asked for (JSON Schema with every
 * bound); the lenient reading that validates the answer cuts what runs over a bound instead of
 * refusing it (a local grammar may not hold a string's length), and checks the rest.
 */
function shapes(limits: AnswerLimits, strict: boolean) {
  const cut = (max: number) =>
    strict
      ? z.string().max(max)
      : // In code points, as JSON Schema counts (slicing UTF-16 units could split an emoji).
        z.string().transform((value) => Array.from(value).slice(0, max).join(""));
  const list = <T extends z.ZodType>(item: T) =>
    strict
      ? z.array(item).max(limits.items)
      : z.array(item).transform((values) => values.slice(0, limits.items));
  const cueIds = strict
    ? z.array(z.string().max(8)).max(limits.cues)
    : z.array(z.string()).transform((values) => values.slice(0, limits.cues));
  const text = cut(limits.text);
  const short = cut(Math.max(16, Math.min(80, Math.floor(limits.text / 2))));
  const citedText = z.object({ text, cues: cueIds });
  const quote = z.object({ quote: text, speaker: short.nullable(), cues: cueIds });
  const actionItem = z.object({
    text,
    owner: short.nullable(),
    due: short.nullable(),
    cues: cueIds,
  });
  const chapter = z.object({ title: short, gist: text, start: z.string() });
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
export type SectionAnswer = z.output<ReturnType<typeof shapes>["section"]>;
/** Combining the sections' notes (the reduce step): the whole recording's summary. */
export type CombinedAnswer = z.output<ReturnType<typeof shapes>["combined"]>;

export interface AnswerShape<T> {
  schema: Record<string, unknown>;
  validate: (value: unknown) => T;
}

/** The section and combined answers' schemas for these limits. */
export function answerShapes(limits: AnswerLimits): {
  section: AnswerShape<SectionAnswer>;
  combined: AnswerShape<CombinedAnswer>;
} {
  const asked = shapes(limits, true);
  const read = shapes(limits, false);
  return {
    section: { schema: jsonSchema(asked.section), validate: (value) => read.section.parse(value) },
    combined: {
      schema: jsonSchema(asked.combined),
      validate: (value) => read.combined.parse(value),
    },
  };
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const document = z.toJSONSchema(schema) as Record<string, unknown>;
  delete document.$schema; // the layer sends the schema itself; the dialect line is not part of it
  return document;
}
