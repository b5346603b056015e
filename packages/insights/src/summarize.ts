import { convertChineseScript, type ChineseScript } from "@verbatim/subtitles/chinese-script";
import { answerLimits, answerShapes } from "./answer-shapes.js";
import { chaptersCovering, type Chapter } from "./chapters.js";
import { CueIndex, type CitationProblem, type CitedText } from "./citations.js";
import {
  checkCombination,
  checkSection,
  describeProblem,
  type ActionItem,
  type Checked,
  type CheckedCombination,
  type CheckedSection,
  type Quote,
} from "./insight-checks.js";
import type { ChatMessage, InsightModel } from "./language-model.js";
import { combineMessages, correctionMessage, sectionMessages } from "./prompts.js";
import {
  clockTime,
  renderLine,
  transcriptBlock,
  transcriptLines,
  type InsightSource,
  type TranscriptLine,
} from "./transcript-lines.js";

/** What a transcription's insights hold: every statement with its checked citations. */
export interface Insights {
  version: 1;
  /** The model that wrote them. */
  model: string;
  /** The language asked for (null: the transcript's own). */
  language: string | null;
  durationMs: number;
  shortSummary: CitedText;
  summary: CitedText[];
  chapters: Chapter[];
  keyPoints: CitedText[];
  quotes: Quote[];
  actionItems: ActionItem[];
  topics: string[];
  /** How the checks went: citations rejected, answers asked again, items left out. */
  checks: { rejected: number; regenerated: number; dropped: number; sections: number };
  tokens: { prompt: number; output: number };
}

export interface SummarizeProgress {
  /** Steps done and in all (each section, then each combining step). */
  done: number;
  total: number;
  stage: "sections" | "combining";
}

export interface SummarizeRequest {
  source: InsightSource;
  /** The recording's length (ms); chapters end there. Defaults to the last cue's end. */
  durationMs?: number;
  /** Language code to write in; null for the transcript's own. */
  language: string | null;
  /** Chinese output converted to this script. */
  chineseScript?: ChineseScript | null;
  accountId: string;
  signal?: AbortSignal;
  onProgress?: (progress: SummarizeProgress) => void;
  /** Title of the single chapter when none was found. */
  fallbackChapterTitle?: string;
}

export type InsightsErrorCode = "INSIGHTS_EMPTY_TRANSCRIPT" | "INSIGHTS_CONTEXT_TOO_SMALL";

export class InsightsError extends Error {
  constructor(
    readonly code: InsightsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "InsightsError";
  }
}

/** Tokens kept free beside the prompt and the answer (chat template, rounding of estimates). */
const MARGIN_TOKENS = 128;
/** The least transcript one request reads, and the least answer it may write. */
const MIN_SECTION_TOKENS = 200;
const MIN_ANSWER_TOKENS = 256;

/** How many tokens one answer may use: a third of the context, at most 2,048. */
export function answerTokens(contextSize: number): number {
  return Math.min(2_048, Math.floor(contextSize / 3));
}

/**
 * Summarises a transcription: counts its tokens first; a transcript that fits the model's
 * context is read in one pass, a longer one in sections (map) whose notes are then combined
 * (reduce, in rounds when the notes themselves are too long). Every answer's citations are
 * checked; an answer with wrong ones is asked for once more with the problems shown, and what
 * is still wrong is dropped (quotes, chapters) or marked unverified (statements). Chapters are
 * made to cover the whole recording.
 */
export async function summarize(model: InsightModel, request: SummarizeRequest): Promise<Insights> {
  const lines = transcriptLines([request.source]);
  if (lines.length === 0)
    throw new InsightsError(
      "INSIGHTS_EMPTY_TRANSCRIPT",
      "The transcript has no text to summarise.",
    );
  const durationMs = Math.max(request.durationMs ?? 0, lines.at(-1)!.end);
  const index = new CueIndex(lines);
  // Counted first: a local model knows its real context (capped at what it was trained on) once loaded.
  const instructions = sectionMessages("", {
    language: request.language,
    section: { index: 0, count: 1 },
  })
    .map((message) => message.content)
    .join("\n");
  const instructionTokens = await model.countTokens(instructions);
  // The answer gets a third of the context, less when that would leave the transcript too little.
  const maxTokens = Math.min(
    answerTokens(model.contextSize),
    model.contextSize - instructionTokens - MARGIN_TOKENS - MIN_SECTION_TOKENS,
  );
  const budget = model.contextSize - maxTokens - instructionTokens - MARGIN_TOKENS;
  if (maxTokens < MIN_ANSWER_TOKENS) {
    throw new InsightsError(
      "INSIGHTS_CONTEXT_TOO_SMALL",
      `The model's context (${model.contextSize} tokens) is too small to summarise with.`,
    );
  }
  const shapes = answerShapes(answerLimits(maxTokens, instructions.length / instructionTokens));
  const sections = await splitIntoSections(model, lines, budget);
  const tokens = { prompt: 0, output: 0 };
  const checks = { rejected: 0, regenerated: 0, dropped: 0, sections: sections.length };
  let total = sections.length + (sections.length > 1 ? 1 : 0);
  let done = 0;
  const progress = (stage: SummarizeProgress["stage"]) =>
    request.onProgress?.({ done, total, stage });
  progress("sections");

  const ask = async <T, C>(
    messages: ChatMessage[],
    schema: Record<string, unknown>,
    validate: (value: unknown) => T,
    check: (value: T) => Checked<C>,
  ): Promise<C> => {
    const first = await model.generateJson({
      messages,
      schema,
      validate,
      maxTokens,
      signal: request.signal,
      accountId: request.accountId,
    });
    tokens.prompt += first.promptTokens;
    tokens.output += first.outputTokens;
    const checked = check(first.value);
    if (checked.problems.length === 0) return checked.value;
    checks.rejected += checked.problems.length;
    checks.regenerated++;
    const again = await model.generateJson({
      messages: [
        ...messages,
        { role: "assistant", content: JSON.stringify(first.value) },
        correctionMessage(checked.problems.map(describeProblem)),
      ],
      schema,
      validate,
      maxTokens,
      signal: request.signal,
      accountId: request.accountId,
    });
    tokens.prompt += again.promptTokens;
    tokens.output += again.outputTokens;
    const second = check(again.value);
    checks.dropped += countDropped(second.problems);
    return second.value;
  };

  const results: CheckedSection[] = [];
  for (const [i, section] of sections.entries()) {
    const messages = sectionMessages(transcriptBlock(section), {
      language: request.language,
      section: sections.length > 1 ? { index: i, count: sections.length } : undefined,
    });
    const result = await ask(messages, shapes.section.schema, shapes.section.validate, (value) =>
      checkSection(value, index),
    );
    results.push(withSectionChapter(result, section[0]!, index));
    done++;
    progress("sections");
  }

  let whole: CheckedCombination;
  if (results.length === 1) {
    whole = results[0]!;
  } else {
    let notes = results.map((result, i) => sectionNotes(result, sections[i]!, index));
    const noteBudget =
      model.contextSize -
      maxTokens -
      MARGIN_TOKENS -
      (await model.countTokens(
        combineMessages("", { language: request.language })
          .map((m) => m.content)
          .join("\n"),
      ));
    // Rounds of combining until the notes fit one request: each round halves them at least.
    for (;;) {
      const groups = await groupNotes(model, notes, noteBudget);
      if (groups.length > 1) {
        total += groups.length;
        progress("combining");
      }
      const combined: CheckedCombination[] = [];
      for (const group of groups) {
        combined.push(
          await ask(
            combineMessages(group.join("\n\n"), { language: request.language }),
            shapes.combined.schema,
            shapes.combined.validate,
            (value) => checkCombination(value, index),
          ),
        );
        done++;
        progress("combining");
      }
      if (groups.length === 1) {
        whole = combined[0]!;
        break;
      }
      notes = combined.map((result, i) => combinationNotes(result, i, index));
    }
  }

  const chapters = chaptersCovering(
    results.flatMap((result) => result.chapters),
    durationMs,
    request.fallbackChapterTitle ?? "Recording",
  );
  const insights: Insights = {
    version: 1,
    model: model.name,
    language: request.language,
    durationMs,
    shortSummary: whole.shortSummary,
    summary: whole.summary,
    chapters,
    keyPoints: whole.keyPoints,
    quotes: results.flatMap((result) => result.quotes),
    actionItems: results.flatMap((result) => result.actionItems),
    topics: unique(whole.topics),
    checks,
    tokens,
  };
  return request.chineseScript ? inScript(insights, request.chineseScript) : insights;
}

/** Problems left after the second try are what gets dropped or marked. */
function countDropped(problems: readonly CitationProblem[]): number {
  return problems.length;
}

/**
 * Cuts the transcript into consecutive sections whose lines fit `budget` tokens, counting each
 * line with the model's own tokenizer (the whole first: one count when it fits).
 */
export async function splitIntoSections(
  model: InsightModel,
  lines: readonly TranscriptLine[],
  budget: number,
): Promise<TranscriptLine[][]> {
  if ((await model.countTokens(transcriptBlock(lines))) <= budget) return [[...lines]];
  const sections: TranscriptLine[][] = [];
  let current: TranscriptLine[] = [];
  let used = await model.countTokens(transcriptBlock([]));
  const empty = used;
  for (const line of lines) {
    const cost = (await model.countTokens(renderLine(line))) + 1;
    if (current.length > 0 && used + cost > budget) {
      sections.push(current);
      current = [];
      used = empty;
    }
    current.push(line);
    used += cost;
  }
  if (current.length > 0) sections.push(current);
  return sections;
}

/** A section that proposed no chapter still gets one where it starts: no part of the recording is left out. */
function withSectionChapter(
  result: CheckedSection,
  first: TranscriptLine,
  index: CueIndex,
): CheckedSection {
  if (result.chapters.length > 0) return result;
  const citation = index.citation(first.id)!;
  const title = result.shortSummary.text.split(/(?<=[.!?。！？])\s*/u)[0]!.slice(0, 80);
  return {
    ...result,
    chapters: [{ title, gist: result.shortSummary.text.slice(0, 200), citation }],
  };
}

function cited(item: CitedText, index: CueIndex): string {
  const ids = item.citations.map((citation) => index.idOf(citation));
  return `- ${item.text.replace(/[<>]/g, " ")}${ids.length > 0 ? ` [${ids.join(", ")}]` : ""}`;
}

/** A section's checked answer as notes for combining (the cue ids it cites kept). */
function sectionNotes(
  result: CheckedSection,
  section: readonly TranscriptLine[],
  index: CueIndex,
): string {
  const from = clockTime(section[0]!.start, true);
  const to = clockTime(section.at(-1)!.end, true);
  return [
    `Section ${from}–${to}:`,
    cited(result.shortSummary, index),
    ...result.summary.map((item) => cited(item, index)),
    ...result.keyPoints.map((item) => cited(item, index)),
    ...result.actionItems.map((item) => cited({ ...item, text: `Action: ${item.text}` }, index)),
    result.topics.length > 0 ? `Topics: ${result.topics.join(", ").replace(/[<>]/g, " ")}` : "",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

function combinationNotes(result: CheckedCombination, i: number, index: CueIndex): string {
  const each = (item: CitedText) => cited(item, index);
  return [
    `Part ${i + 1}:`,
    each(result.shortSummary),
    ...result.summary.map(each),
    ...result.keyPoints.map(each),
  ].join("\n");
}

/** Consecutive notes in groups that fit the budget; a note too long alone is cut. */
async function groupNotes(
  model: InsightModel,
  notes: readonly string[],
  budget: number,
): Promise<string[][]> {
  const groups: string[][] = [];
  let current: string[] = [];
  let used = 0;
  // Each note at most half the budget, so any two fit together and every round at least halves them.
  const cap = notes.length > 1 ? Math.floor(budget / 2) : budget;
  for (let note of notes) {
    let cost = await model.countTokens(note);
    while (cost > cap && note.length > 200) {
      note = note.slice(0, Math.floor(note.length * 0.8));
      cost = await model.countTokens(note);
    }
    if (current.length > 0 && used + cost > budget) {
      groups.push(current);
      current = [];
      used = 0;
    }
    current.push(note);
    used += cost + 2;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The written text (not the quotes: they stay as spoken) in the Chinese script asked for. */
function inScript(insights: Insights, script: ChineseScript): Insights {
  const convert = (text: string) => convertChineseScript(text, script);
  const item = <T extends CitedText>(value: T): T => ({ ...value, text: convert(value.text) });
  return {
    ...insights,
    shortSummary: item(insights.shortSummary),
    summary: insights.summary.map(item),
    chapters: insights.chapters.map((chapter) => ({
      ...chapter,
      title: convert(chapter.title),
      gist: convert(chapter.gist),
    })),
    keyPoints: insights.keyPoints.map(item),
    actionItems: insights.actionItems.map((value) => ({ ...item(value), owner: value.owner })),
    topics: insights.topics.map(convert),
  };
}
