import { errorTextFor, type Language } from "@verbatim/contract";
import {
  InsightsContent,
  InsightsReply,
  QuestionReply,
  type InsightsEdit,
} from "@verbatim/contract/api";
import { chapterCoverageProblem, type Citation, type Insights } from "@verbatim/insights";
import type { z } from "zod";
import { fail } from "../http/app-error.js";
import { rowCues, type TranscriptionRow } from "../jobs/job-row.js";
import type { InsightRow, QuestionRow } from "./insight-store.js";

/** Stored insights, read back through their schema (never cast); null when there are none or they do not parse. */
export function storedInsights(row: Pick<InsightRow, "content_json">): Insights | null {
  if (!row.content_json) return null;
  const parsed = InsightsContent.safeParse(JSON.parse(row.content_json));
  return parsed.success ? parsed.data : null;
}

/** An insights job as the API shows it, its error in the reader's language. */
export function presentInsightJob(
  row: InsightRow,
  language: Language,
): z.output<typeof InsightsReply> {
  return {
    id: row.id,
    transcriptionId: row.transcription_id,
    status: row.status as z.output<typeof InsightsReply>["status"],
    progress: row.progress,
    stage: row.stage,
    costSeconds: row.cost_seconds,
    insights: row.status === "completed" ? storedInsights(row) : null,
    edited: row.edited === 1,
    error:
      row.error_code === null
        ? null
        : {
            code: row.error_code,
            message: errorTextFor(row.error_code, language) ?? row.error_code,
          },
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** A kept question and answer as the API shows it. */
export function presentQuestion(
  row: Pick<QuestionRow, "id" | "question" | "answer_json" | "created_at">,
): z.output<typeof QuestionReply> {
  const answer = JSON.parse(row.answer_json) as Omit<
    z.output<typeof QuestionReply>,
    "id" | "question" | "createdAt"
  >;
  return QuestionReply.parse({
    id: row.id,
    question: row.question,
    notInTranscript: answer.notInTranscript,
    parts: answer.parts,
    text: answer.text,
    citations: answer.citations,
    model: answer.model,
    createdAt: row.created_at,
  });
}

/**
 * The insights with an edit applied. Citations sent must name cues of this transcription (400
 * otherwise) and take those cues' own times; chapters must start at 0 and rise, and are given
 * ends so they cover the recording.
 */
export function editedInsights(
  current: Insights,
  edit: z.output<typeof InsightsEdit>,
  job: TranscriptionRow,
): Insights {
  const cues = rowCues(job);
  const real = (citations: readonly Citation[]): Citation[] =>
    citations.map((citation) => {
      const cue = citation.sourceId === job.id ? cues[citation.cue - 1] : undefined;
      if (!cue)
        fail("VALIDATION_FAILED", {
          part: "body",
          field: "citations",
          reason: `cue ${citation.cue} is not in the transcript`,
        });
      return { sourceId: job.id, cue: citation.cue, start: cue.start, end: cue.end };
    });
  const next: Insights = { ...current };
  if (edit.shortSummary !== undefined)
    next.shortSummary = { ...current.shortSummary, text: edit.shortSummary };
  if (edit.summary)
    next.summary = edit.summary.map((item) => ({ ...item, citations: real(item.citations) }));
  if (edit.keyPoints)
    next.keyPoints = edit.keyPoints.map((item) => ({ ...item, citations: real(item.citations) }));
  if (edit.actionItems)
    next.actionItems = edit.actionItems.map((item) => ({
      ...item,
      citations: real(item.citations),
    }));
  if (edit.chapters) {
    const duration = current.durationMs;
    const chapters = edit.chapters.map((chapter, i) => {
      const cueAt = cues.findIndex((cue) => cue.start === chapter.start);
      return {
        title: chapter.title,
        gist: chapter.gist,
        start: chapter.start,
        end: edit.chapters![i + 1]?.start ?? duration,
        citation:
          cueAt >= 0
            ? { sourceId: job.id, cue: cueAt + 1, start: cues[cueAt]!.start, end: cues[cueAt]!.end }
            : null,
      };
    });
    const problem = chapterCoverageProblem(chapters, duration);
    if (problem) fail("INSIGHTS_CHAPTERS_INVALID", { reason: problem });
    next.chapters = chapters;
  }
  return next;
}
