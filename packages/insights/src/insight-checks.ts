import type { CombinedAnswer, SectionAnswer } from "./answer-shapes.js";
import type { ChapterStart } from "./chapters.js";
import { citeStatement, type CitationProblem, type CitedText, type CueIndex } from "./citations.js";

/** A quote from the recording, checked against the cues it cites. */
export interface Quote extends CitedText {
  speaker: string | null;
}

/** A task someone agreed or was asked to do. */
export interface ActionItem extends CitedText {
  owner: string | null;
  due: string | null;
}

/** One pass's answer with every citation checked: what may be shown. */
export interface CheckedSection {
  shortSummary: CitedText;
  summary: CitedText[];
  chapters: ChapterStart[];
  keyPoints: CitedText[];
  quotes: Quote[];
  actionItems: ActionItem[];
  topics: string[];
  /** Quotes and chapters left out because what they cite does not hold them. */
  dropped: number;
}

export interface Checked<T> {
  value: T;
  problems: CitationProblem[];
}

/**
 * Checks a section's answer against the cues it was shown: ids that do not exist are rejected,
 * a quote the cited cues do not hold is left out, and so is a chapter starting at no cue.
 */
export function checkSection(answer: SectionAnswer, index: CueIndex): Checked<CheckedSection> {
  const problems: CitationProblem[] = [];
  let dropped = 0;
  const cite = (at: string, item: { text: string; cues: string[] }) =>
    citeStatement(index, at, item.text, item.cues, problems);
  const quotes: Quote[] = [];
  answer.quotes.forEach((quote, i) => {
    const at = `quotes[${i}]`;
    const cited = citeStatement(index, at, quote.quote, quote.cues, problems);
    if (cited.unverified || !index.supportsQuote(quote.quote, quote.cues)) {
      if (!cited.unverified) {
        problems.push({
          at,
          kind: "quote-not-found",
          detail: `"${quote.quote.slice(0, 80)}" is not in ${quote.cues.join(", ")}`,
        });
      }
      dropped++;
      return;
    }
    quotes.push({ ...cited, speaker: quote.speaker });
  });
  const chapters: ChapterStart[] = [];
  answer.chapters.forEach((chapter, i) => {
    const citation = index.citation(chapter.start);
    if (!citation) {
      problems.push({
        at: `chapters[${i}].start`,
        kind: "missing-cue",
        detail: `${chapter.start} is not a cue of the transcript`,
      });
      dropped++;
      return;
    }
    chapters.push({ title: chapter.title, gist: chapter.gist, citation });
  });
  return {
    value: {
      shortSummary: cite("shortSummary", answer.shortSummary),
      summary: answer.summary.map((item, i) => cite(`summary[${i}]`, item)),
      chapters,
      keyPoints: answer.keyPoints.map((item, i) => cite(`keyPoints[${i}]`, item)),
      quotes,
      actionItems: answer.actionItems.map((item, i) => ({
        ...cite(`actionItems[${i}]`, item),
        owner: item.owner,
        due: item.due,
      })),
      topics: answer.topics,
      dropped,
    },
    problems,
  };
}

/** The combined summary of a long recording, checked like a section's. */
export interface CheckedCombination {
  shortSummary: CitedText;
  summary: CitedText[];
  keyPoints: CitedText[];
  topics: string[];
}

export function checkCombination(
  answer: CombinedAnswer,
  index: CueIndex,
): Checked<CheckedCombination> {
  const problems: CitationProblem[] = [];
  const cite = (at: string, item: { text: string; cues: string[] }) =>
    citeStatement(index, at, item.text, item.cues, problems);
  return {
    value: {
      shortSummary: cite("shortSummary", answer.shortSummary),
      summary: answer.summary.map((item, i) => cite(`summary[${i}]`, item)),
      keyPoints: answer.keyPoints.map((item, i) => cite(`keyPoints[${i}]`, item)),
      topics: answer.topics,
    },
    problems,
  };
}

/** A problem as the model is told it. */
export function describeProblem(problem: CitationProblem): string {
  return `${problem.at}: ${problem.detail}`;
}
