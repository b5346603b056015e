import { insightsCostSeconds, type InsightStatus } from "@verbatim/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { codeText, errorText } from "../../api/error-text";
import type { Insights, InsightsJob } from "../../api/types";
import { Button } from "../../components/ui/button";
import { ProgressBar } from "../workspace/progress-bar";
import { useCancelInsights, useGenerateInsights, useInsights } from "./api";
import { CitationLink } from "./citation-link";
import { CitedStatement } from "./cited-text";
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
        <InsightsView insights={job.insights} onSeek={onSeek} />
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

/** The insights themselves: summary, chapters, action items, key points, topics. */
function InsightsView({ insights, onSeek }: { insights: Insights; onSeek(ms: number): void }) {
  const { t } = useTranslation();
  return (
    <div className="max-h-[32rem] space-y-3 overflow-y-auto text-sm text-zinc-800">
      <p className="font-medium text-zinc-900">
        <CitedStatement statement={insights.shortSummary} onSeek={onSeek} />
      </p>
      {insights.summary.length > 0 && (
        <Part title={t("insights.summary")}>
          {insights.summary.map((statement, i) => (
            <p key={i}>
              <CitedStatement statement={statement} onSeek={onSeek} />
            </p>
          ))}
        </Part>
      )}
      {insights.chapters.length > 0 && (
        <Part title={t("insights.chapters")}>
          <ol className="space-y-1">
            {insights.chapters.map((chapter) => (
              <li key={chapter.start}>
                <CitationLink citation={chapter} onSeek={onSeek} />{" "}
                <span className="font-medium">{chapter.title}</span>
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
                <CitedStatement statement={item} onSeek={onSeek} />
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
          {t("insights.topics")}: {insights.topics.join(", ")}
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
