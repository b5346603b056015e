import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InsightExportFormat } from "@verbatim/contract";
import { api, download, postJsonLines } from "../../api/client";
import type {
  AnsweredQuestion,
  InsightsBody,
  InsightsEdit,
  InsightsJob,
  QuestionBody,
  QuestionsAcrossBody,
} from "../../api/types";
import { dispositionFileName } from "../workspace/download-export";

// The insights calls (docs/insights.md): a transcription's job and its insights, generating
// them, the exports, and questions answered as a stream.

const keys = {
  insights: (id: string) => ["insights", id] as const,
  questions: (id: string) => ["insight-questions", id] as const,
};

/** While a job is queued or running, how often its progress is read. */
export const INSIGHTS_POLL_MS = 1_000;

const running = (job: InsightsJob | undefined) =>
  job?.status === "queued" || job?.status === "running";

/** The newest insights job of a transcription (polled while it runs); off until `enabled`. */
export function useInsights(transcriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.insights(transcriptionId),
    queryFn: ({ signal }) =>
      api<InsightsJob>(`/api/transcriptions/${transcriptionId}/insights`, { signal }),
    enabled,
    refetchInterval: (query) => (running(query.state.data) ? INSIGHTS_POLL_MS : false),
  });
}

/** Asks for insights (a queued job, its minutes reserved); the job replaces the shown one. */
export function useGenerateInsights(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InsightsBody) =>
      api<InsightsJob>(`/api/transcriptions/${transcriptionId}/insights`, {
        method: "POST",
        body,
      }),
    onSuccess: (job) => client.setQueryData(keys.insights(transcriptionId), job),
  });
}

/** Replaces parts of the completed insights (free); the answer is the job as stored. */
export function useEditInsights(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InsightsEdit) =>
      api<InsightsJob>(`/api/transcriptions/${transcriptionId}/insights`, {
        method: "PATCH",
        body,
      }),
    onSuccess: (job) => client.setQueryData(keys.insights(transcriptionId), job),
  });
}

/** Cancels the job under way (its minutes given back). */
export function useCancelInsights(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<InsightsJob>(`/api/transcriptions/${transcriptionId}/insights`, { method: "DELETE" }),
    onSuccess: (job) => client.setQueryData(keys.insights(transcriptionId), job),
  });
}

/** The insights in a format, named by the server. */
export async function fetchInsightsExport(
  transcriptionId: string,
  format: InsightExportFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const { blob, disposition } = await download(
    `/api/transcriptions/${transcriptionId}/insights/export?format=${format}`,
  );
  return { blob, fileName: dispositionFileName(disposition) ?? `insights.${format}` };
}

/** The questions asked about a transcription and their answers, newest first. */
export function useQuestions(transcriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.questions(transcriptionId),
    queryFn: async ({ signal }) =>
      (
        await api<{ questions: AnsweredQuestion[] }>(
          `/api/transcriptions/${transcriptionId}/questions`,
          { signal },
        )
      ).questions,
    enabled,
  });
}

/** Puts a new answer at the top of the transcription's kept questions. */
export function useKeepAnswer(transcriptionId: string) {
  const client = useQueryClient();
  return (answer: AnsweredQuestion) =>
    client.setQueryData<AnsweredQuestion[]>(keys.questions(transcriptionId), (kept = []) => [
      answer,
      ...kept.filter((question) => question.id !== answer.id),
    ]);
}

/** One line of a streamed answer. */
export type AnswerLine =
  | { type: "delta"; text: string }
  | { type: "answer"; answer: AnsweredQuestion }
  | { type: "error"; code: string; message: string };

function isAnswerLine(value: unknown): value is AnswerLine {
  if (typeof value !== "object" || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === "delta" || type === "answer" || type === "error";
}

/**
 * A question answered as a stream of lines: about one transcription, or across several
 * (`transcriptionIds`). Lines of a kind this build does not know are skipped.
 */
export async function* askQuestion(
  target: { transcriptionId: string } | { transcriptionIds: string[] },
  question: string,
  signal?: AbortSignal,
): AsyncGenerator<AnswerLine> {
  // The answer comes in the question's language (the model's rule): nothing to name here.
  const language = null;
  const [path, body]: [string, QuestionBody | QuestionsAcrossBody] =
    "transcriptionId" in target
      ? [`/api/transcriptions/${target.transcriptionId}/questions`, { question, language }]
      : ["/api/questions", { question, language, transcriptionIds: target.transcriptionIds }];
  for await (const line of postJsonLines(path, body, signal ? { signal } : {})) {
    if (isAnswerLine(line)) yield line;
  }
}
