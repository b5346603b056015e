import { insightsCostSeconds, type InsightStatus } from "@verbatim/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { codeText, errorText } from "../../api/error-text";
import type { Insights, InsightsJob } from "../../api/types";
import { Button } from "../../components/ui/button";
import { ProgressBar } from "../workspace/progress-bar";
import { useCancelInsights, useEditInsights, useGenerateInsights, useInsights } from "./api";
import { CitationLink } from "./citation-link";
import { CitedStatement } from "./cited-text";
import { EditableText } from "./editable-text";
import { InsightsExportMenu } from "./export-menu";
import { WRITTEN_LANGUAGES, WrittenLanguageChoice, type WrittenLanguage } from "./written-language";

/**
 * The Overview beside the editor (docs/insights.md): the summary, chapters and action items of
 * a transcription, every citation a time link that seeks the player; generating them (the cost
 * said first), their progress, cancelling, errors in the user's language, the exports.
 */
export function OverviewPanel({
  transcriptionId,
  durationMs,
  status,
  readOnly,
  onSeek,
}: {
  transcriptionId: string;
  /** The recording's length (what the cost is counted from); null when not known. */
  durationMs: number | null;
  /** The newest job's state as the transcription was opened; null: never asked for. */
  status: InsightStatus | null;
  /** A viewer: reads the insights, cannot generate them. */
  readOnly: boolean;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation();
  const generate = useGenerateInsights(transcriptionId);
  // Read (and followed while it runs) once there is a job: none is asked for otherwise.
  const insights = useInsights(transcriptionId, status !== null || generate.isSuccess);
  const cancel = useCancelInsights(transcriptionId);
  const costId = useId();
  const [writtenIn, setWrittenIn] = useState<WrittenLanguage>("transcript");
  const job = insights.data ?? generate.data;
  const notAsked =
    status === null ||
    (insights.error instanceof ApiError && insights.error.code === "INSIGHTS_NOT_READY");
  const running = job?.status === "queued" || job?.status === "running";

  const costSeconds = durationMs === null ? null : insightsCostSeconds(durationMs);
  const generateControls = !readOnly && !running && (
    <div className="space-y-2">
      <WrittenLanguageChoice value={writtenIn} onChange={setWrittenIn} />
      <Button
        size="sm"
        variant={job?.status === "completed" ? "outline" : "primary"}
        disabled={generate.isPending}
        aria-describedby={costSeconds === null ? undefined : costId}
        onClick={() => generate.mutate(WRITTEN_LANGUAGES[writtenIn])}
      >
        {job?.status === "completed" ? t("insights.regenerate") : t("insights.generate")}
      </Button>
      {costSeconds !== null && (
        <p id={costId} className="text-xs text-zinc-600">
          {t("insights.cost", { minutes: costMinutes(costSeconds) })}
        </p>
      )}
      {generate.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorText(generate.error)}
        </p>
      )}
    </div>
  );

  return (
    <section
      aria-labelledby="overview-title"
      className="space-y-3 rounded-xl border border-zinc-200 p-3"
    >
      <h2 id="overview-title" className="text-sm font-semibold text-zinc-900">
        {t("insights.title")}
      </h2>
      {!job && notAsked && <p className="text-sm text-zinc-700">{t("insights.none")}</p>}
      {!job && !notAsked && insights.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorText(insights.error)}
        </p>
      )}
      {!job && !notAsked && insights.isPending && (
        <p className="text-sm text-zinc-600">{t("common.loading")}</p>
      )}
      {job && running && (
        <div className="space-y-2">
          <ProgressBar
            label={t(`insights.stage.${stageOf(job)}`)}
            value={job.status === "queued" ? null : job.progress}
            detail={job.status === "queued" ? undefined : `${job.progress}%`}
          />
          {!readOnly && (
            <Button
              size="sm"
              variant="ghost"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {t("insights.cancel")}
            </Button>
          )}
        </div>
      )}
      {job?.status === "failed" && (
        <p role="alert" className="text-sm text-red-800">
          {(job.error && (codeText(job.error.code) ?? job.error.message)) ?? t("insights.failed")}
        </p>
      )}
      {job?.status === "cancelled" && (
        <p className="text-sm text-zinc-700">{t("insights.cancelled")}</p>
      )}
      {job?.status === "completed" && job.insights && (
        <InsightsView
          transcriptionId={transcriptionId}
          insights={job.insights}
          edited={job.edited}
          editable={!readOnly}
          onSeek={onSeek}
        />
      )}
      {generateControls}
      {job?.status === "completed" && job.insights && (
        <InsightsExportMenu transcriptionId={transcriptionId} />
      )}
    </section>
  );
}

/** What the progress bar says: waiting, reading the sections, combining them. */
function stageOf(job: InsightsJob): "queued" | "sections" | "combining" | "running" {
  if (job.status === "queued") return "queued";
  if (job.stage === "sections" || job.stage === "combining") return job.stage;
  return "running";
}

/** Seconds of minutes as minutes with one decimal (at least 0.1). */
function costMinutes(seconds: number): string {
  return (Math.max(1, Math.ceil(seconds / 6)) / 10).toFixed(1);
}

/**
 * The insights themselves: summary, chapters, action items, key points, topics. An editor may
 * rewrite the short summary, each summary point, each chapter's title and each action item
 * (PATCH …/insights, free): each change is sent as the whole part it belongs to, the rest of it
 * as the server gave it.
 */
function InsightsView({
  transcriptionId,
  insights,
  edited,
  editable,
  onSeek,
}: {
  transcriptionId: string;
  insights: Insights;
  edited: boolean;
  editable: boolean;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation();
  const edit = useEditInsights(transcriptionId);
  const save = edit.mutateAsync;
  return (
    <div
      data-testid="overview-statements"
      className="max-h-[32rem] space-y-3 overflow-y-auto text-sm text-zinc-800"
    >
      <div className="font-medium text-zinc-900">
        <EditableText
          value={insights.shortSummary.text}
          label={t("insights.edit.shortSummaryLabel")}
          editLabel={t("insights.edit.shortSummary")}
          maxLength={2_000}
          multiline
          editable={editable}
          onSave={(text) => save({ shortSummary: text })}
        >
          <CitedStatement statement={insights.shortSummary} onSeek={onSeek} />
        </EditableText>
      </div>
      {edited && <p className="text-xs text-zinc-600">{t("insights.edit.edited")}</p>}
      {insights.summary.length > 0 && (
        <Part title={t("insights.summary")}>
          {insights.summary.map((statement, i) => (
            <div key={i}>
              <EditableText
                value={statement.text}
                label={t("insights.edit.summaryLabel", { n: i + 1 })}
                editLabel={t("insights.edit.summary", { n: i + 1 })}
                maxLength={4_000}
                multiline
                editable={editable}
                onSave={(text) =>
                  save({
                    summary: insights.summary.map((one, j) => (j === i ? { ...one, text } : one)),
                  })
                }
              >
                <CitedStatement statement={statement} onSeek={onSeek} />
              </EditableText>
            </div>
          ))}
        </Part>
      )}
      {insights.chapters.length > 0 && (
        <Part title={t("insights.chapters")}>
          <ol className="space-y-1">
            {insights.chapters.map((chapter, i) => (
              <li key={chapter.start}>
                <CitationLink citation={chapter} onSeek={onSeek} />{" "}
                <EditableText
                  value={chapter.title}
                  label={t("insights.edit.chapterLabel", { n: i + 1 })}
                  editLabel={t("insights.edit.chapter", { n: i + 1 })}
                  maxLength={200}
                  editable={editable}
                  onSave={(title) =>
                    save({
                      chapters: insights.chapters.map((one, j) => ({
                        title: j === i ? title : one.title,
                        gist: one.gist,
                        start: one.start,
                      })),
                    })
                  }
                >
                  <span className="font-medium">{chapter.title}</span>
                </EditableText>
                {chapter.gist && <span className="block pl-1 text-zinc-600">{chapter.gist}</span>}
              </li>
            ))}
          </ol>
        </Part>
      )}
      {insights.actionItems.length > 0 && (
        <Part title={t("insights.actionItems")}>
          <ul className="list-disc space-y-1 pl-5">
            {insights.actionItems.map((item, i) => (
              <li key={i}>
                <EditableText
                  value={item.text}
                  label={t("insights.edit.actionItemLabel", { n: i + 1 })}
                  editLabel={t("insights.edit.actionItem", { n: i + 1 })}
                  maxLength={2_000}
                  multiline
                  editable={editable}
                  onSave={(text) =>
                    save({
                      actionItems: insights.actionItems.map((one, j) =>
                        j === i ? { ...one, text } : one,
                      ),
                    })
                  }
                >
                  <CitedStatement statement={item} onSeek={onSeek} />
                </EditableText>
                {(item.owner || item.due) && (
                  <span className="block text-zinc-600">
                    {[
                      item.owner && t("insights.owner", { name: item.owner }),
                      item.due && t("insights.due", { when: item.due }),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Part>
      )}
      {insights.keyPoints.length > 0 && (
        <Part title={t("insights.keyPoints")}>
          <ul className="list-disc space-y-1 pl-5">
            {insights.keyPoints.map((point, i) => (
              <li key={i}>
                <CitedStatement statement={point} onSeek={onSeek} />
              </li>
            ))}
          </ul>
        </Part>
      )}
      {insights.topics.length > 0 && (
        <p className="text-zinc-600">
          {t("insights.topics", {
            topics: insights.topics.join(t("insights.topicsSeparator")),
          })}
        </p>
      )}
    </div>
  );
}

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-xs font-semibold tracking-wide text-zinc-700 uppercase">{title}</h3>
      {children}
    </section>
  );
}
