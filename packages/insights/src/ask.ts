import { CueIndex, type Citation } from "./citations.js";
import type { InsightModel } from "./language-model.js";
import { NOT_IN_TRANSCRIPT, questionMessages } from "./prompts.js";
import { answerTokens } from "./summarize.js";
import {
  transcriptBlock,
  transcriptLines,
  renderLine,
  type InsightSource,
  type TranscriptLine,
} from "./transcript-lines.js";

export interface AskRequest {
  /** The transcriptions asked about (one, or several the user may read). */
  sources: readonly InsightSource[];
  question: string;
  language: string | null;
  accountId: string;
  signal?: AbortSignal;
}

/** A piece of an answer: text, a checked citation, or a citation that was rejected (shown marked). */
export type AnswerPart = { text: string } | { citation: Citation } | { unverified: string };

export interface Answer {
  /** The transcripts do not say: the model answered NOT_IN_TRANSCRIPT (or nothing). */
  notInTranscript: boolean;
  parts: AnswerPart[];
  /** The answer's text without its citation marks. */
  text: string;
  citations: Citation[];
  /** Citations to cues not shown, and quotes the cited cues do not hold. */
  rejected: number;
  model: string;
  /** How many cues the model was shown (all of them unless the transcripts are too long). */
  linesShown: number;
}

/**
 * Answers a question from transcripts, streaming the answer's text as it comes; the generator's
 * return value is the checked answer. Transcripts longer than the context are narrowed to the
 * passages that share the most words with the question (and the lines around them).
 */
export async function* askTranscripts(
  model: InsightModel,
  request: AskRequest,
): AsyncGenerator<string, Answer> {
  const lines = transcriptLines(request.sources);
  const maxTokens = Math.min(1_024, answerTokens(model.contextSize));
  const instructions = await model.countTokens(
    questionMessages("", request.question, request.language)
      .map((m) => m.content)
      .join("\n"),
  );
  const budget = model.contextSize - maxTokens - instructions - 128;
  const shown = await linesWithin(model, lines, request.question, budget);
  const index = new CueIndex(shown);
  let text = "";
  let held = true;
  for await (const delta of model.streamText({
    messages: questionMessages(transcriptBlock(shown), request.question, request.language),
    maxTokens,
    signal: request.signal,
    accountId: request.accountId,
  })) {
    text += delta;
    // Held back while it may still be the "not in the transcript" answer.
    if (held && NOT_IN_TRANSCRIPT.startsWith(text.trim())) continue;
    if (held) {
      held = false;
      yield text;
    } else {
      yield delta;
    }
  }
  return checkAnswer(text, index, model.name, shown.length);
}

/** Splits an answer into text and checked citations. */
export function checkAnswer(
  raw: string,
  index: CueIndex,
  model: string,
  linesShown: number,
): Answer {
  const trimmed = raw.trim();
  if (trimmed === "" || trimmed.startsWith(NOT_IN_TRANSCRIPT)) {
    return {
      notInTranscript: true,
      parts: [],
      text: "",
      citations: [],
      rejected: 0,
      model,
      linesShown,
    };
  }
  const parts: AnswerPart[] = [];
  const citations: Citation[] = [];
  let rejected = 0;
  let at = 0;
  const marks = /\[\s*(c\d+(?:\s*[,;]\s*c\d+)*)\s*\]/gi;
  for (const match of trimmed.matchAll(marks)) {
    const before = trimmed.slice(at, match.index);
    if (before) parts.push({ text: before });
    at = match.index + match[0].length;
    const ids = match[1]!.split(/\s*[,;]\s*/);
    const quote = quoteBefore(trimmed, match.index);
    const quoteHolds = quote === null || index.supportsQuote(quote, ids);
    for (const id of ids) {
      const citation = quoteHolds ? index.citation(id) : null;
      if (citation) {
        parts.push({ citation });
        citations.push(citation);
      } else {
        parts.push({ unverified: id.toLowerCase() });
        rejected++;
      }
    }
  }
  const rest = trimmed.slice(at);
  if (rest) parts.push({ text: rest });
  const text = parts
    .map((part) => ("text" in part ? part.text : ""))
    .join("")
    .replace(/[ \t]+([.,;:!?。，])/g, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
  return { notInTranscript: false, parts, text, citations, rejected, model, linesShown };
}

/** The quoted words right before a citation mark (`"…" [c3]`), or null when there are none. */
function quoteBefore(text: string, markAt: number): string | null {
  const before = text.slice(Math.max(0, markAt - 400), markAt).trimEnd();
  const match = /["“「]([^"”」]{2,380})["”」][.,]?$/u.exec(before);
  return match ? match[1]! : null;
}

/**
 * The lines the model is shown: all of them when they fit, else the best-matching lines (words
 * of the question; pairs of characters for Chinese) with two lines either side, in time order.
 */
export async function linesWithin(
  model: InsightModel,
  lines: readonly TranscriptLine[],
  question: string,
  budget: number,
): Promise<TranscriptLine[]> {
  if ((await model.countTokens(transcriptBlock(lines))) <= budget) return [...lines];
  const terms = new Set(termsOf(question));
  const scored = lines
    .map((line, position) => ({
      position,
      score: termsOf(line.text).filter((term) => terms.has(term)).length,
    }))
    .sort((a, b) => b.score - a.score || a.position - b.position);
  const chosen = new Set<number>();
  let used = await model.countTokens(transcriptBlock([]));
  outer: for (const { position } of scored) {
    for (let p = Math.max(0, position - 2); p <= Math.min(lines.length - 1, position + 2); p++) {
      if (chosen.has(p)) continue;
      const cost = (await model.countTokens(renderLine(lines[p]!))) + 1;
      if (used + cost > budget) break outer;
      chosen.add(p);
      used += cost;
    }
  }
  return [...chosen].sort((a, b) => a - b).map((p) => lines[p]!);
}

const STOP_WORDS = new Set([
  "the",
  "a",
  "an",
  "and",
  "or",
  "of",
  "to",
  "in",
  "on",
  "is",
  "are",
  "was",
  "were",
  "what",
  "who",
  "when",
  "where",
  "why",
  "how",
  "did",
  "do",
  "does",
  "about",
  "for",
  "with",
  "that",
  "this",
  "it",
]);

function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of text
    .normalize("NFKC")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/\p{Script=Han}/u.test(word)) {
      const chars = [...word];
      for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
      if (chars.length === 1) terms.push(word);
    } else if (word.length > 1 && !STOP_WORDS.has(word)) {
      terms.push(word);
    }
  }
  return terms;
}
