import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { megabytes } from "../workspace/file-rules";
import { clock } from "../workspace/media-duration";
import { OptionsPanel } from "../workspace/options-panel";
import type { TranscribeOptions } from "../workspace/upload-transport";
import type { BatchFile, FileStage } from "./batch-model";

const TONE: Record<FileStage["kind"], string> = {
  waiting: "bg-zinc-100 text-zinc-800",
  overBalance: "bg-amber-100 text-amber-950",
  preparing: "bg-blue-100 text-blue-900",
  sending: "bg-blue-100 text-blue-900",
  queued: "bg-zinc-100 text-zinc-800",
  transcribing: "bg-blue-100 text-blue-900",
  done: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-zinc-100 text-zinc-700",
  notSent: "bg-amber-100 text-amber-950",
};

/** The stage in words: "Sending 40 %", "Queued (3rd in line)"… */
export function StageLabel({ stage }: { stage: FileStage }) {
  const { t } = useTranslation();
  const text =
    stage.kind === "queued"
      ? stage.position === null
        ? t("batch.stage.queued")
        : t("batch.stage.queuedAt", { position: stage.position })
      : t(`batch.stage.${stage.kind}`, {
          percent: "percent" in stage ? stage.percent : 0,
        });
  return (
    <span
      role="status"
      className={clsx("rounded-full px-2 py-1 text-xs font-medium", TONE[stage.kind])}
    >
      {text}
    </span>
  );
}

/** One file of the batch: name, length, its stage, and what can be done with it now. */
export function BatchFileRow({
  file,
  started,
  options,
  editing,
  onEdit,
  onOptions,
  onRemove,
  onRetry,
}: {
  file: BatchFile;
  started: boolean;
  /** The options it will be sent with. */
  options: TranscribeOptions;
  editing: boolean;
  onEdit(open: boolean): void;
  onOptions(options: TranscribeOptions | null): void;
  onRemove(): void;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  const { stage } = file;
  const percent =
    stage.kind === "sending" || stage.kind === "transcribing" || stage.kind === "preparing"
      ? stage.percent
      : null;
  return (
    <li className="space-y-2 rounded-lg border border-zinc-200 p-3" aria-label={file.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-zinc-900" title={file.name}>
            {file.name}
          </p>
          <p className="text-sm text-zinc-600">
            {file.seconds !== null ? clock(file.seconds) : t("batch.lengthUnknown")}
            {file.size > 0 && (
              <> · {t("workspace.upload.sizeMb", { size: megabytes(file.size) })}</>
            )}
            {file.options && <> · {t("batch.ownOptions")}</>}
          </p>
        </div>
        <StageLabel stage={stage} />
      </div>
      {percent !== null && (
        <div
          className="h-1.5 overflow-hidden rounded bg-zinc-200"
          role="progressbar"
          aria-label={file.name}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-blue-600" style={{ width: `${percent}%` }} />
        </div>
      )}
      {stage.kind === "failed" && stage.message && (
        <p className="text-sm text-red-800">{stage.message}</p>
      )}
      {stage.kind === "overBalance" && (
        <p className="text-sm text-amber-900">{t("batch.overBalanceWhy")}</p>
      )}
      {stage.kind === "notSent" && (
        <p className="text-sm text-amber-900">{t("batch.notSentWhy")}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {!started && (
          <>
            <Button size="sm" variant="outline" onClick={() => onEdit(!editing)}>
              {editing ? t("batch.closeOptions") : t("batch.fileOptions")}
            </Button>
            <Button size="sm" variant="outline" onClick={onRemove}>
              {t("batch.remove")}
            </Button>
          </>
        )}
        {stage.kind === "failed" && file.file && (
          <Button size="sm" onClick={onRetry}>
            {t("batch.retry")}
          </Button>
        )}
        {stage.kind === "done" && file.jobId && (
          <Button size="sm" variant="outline" asChild>
            <Link to={`${paths.home}?job=${file.jobId}`}>{t("batch.open")}</Link>
          </Button>
        )}
      </div>
      {editing && !started && (
        <div className="space-y-2">
          <OptionsPanel value={options} onChange={(next) => onOptions(next)} />
          {file.options && (
            <Button size="sm" variant="outline" onClick={() => onOptions(null)}>
              {t("batch.sameOptions")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
