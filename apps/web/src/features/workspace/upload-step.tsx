import { translationCostSeconds } from "@verbatim/contract";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { availableMinutes, useMe } from "../../api/queries";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { handFiles } from "../batch/handed-files";
import { DropZone } from "./drop-zone";
import { fileProblem, isLargeFile, mediaKind, megabytes } from "./file-rules";
import { LinkImport } from "./link-import";
import { clock, useMediaDuration } from "./media-duration";
import { ModelPreparingNotice, useModelPreparation } from "./model-readiness";
import { OptionsPanel } from "./options-panel";
import { SubscriptionSummary } from "./subscription-summary";
import { SubtitleFileChoice } from "./subtitle-file-choice";
import { useUploadLimits } from "./upload-limits";
import type { SubtitleImport, TranscribeOptions } from "./upload-transport";

/** Step 1: choose a file (or give a link) and options; warns before sending a file longer than the minutes left. */
export function UploadStep({
  teamId = null,
  file,
  options,
  subtitles,
  onFile,
  onOptions,
  onSubtitles,
  onStart,
  onLinkJob,
}: {
  /** Uploading into this team (`?team=`): the team owner's minutes pay, not one's own. */
  teamId?: string | null;
  file: File | null;
  options: TranscribeOptions;
  subtitles: SubtitleImport | null;
  onFile(file: File | null): void;
  onOptions(options: TranscribeOptions): void;
  onSubtitles(subtitles: SubtitleImport | null): void;
  onStart(): void;
  /** A job the server made from a link (the "from a link" field). */
  onLinkJob(id: string): void;
}) {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const duration = useMediaDuration(file);
  const model = useModelPreparation();
  const limits = useUploadLimits();
  const navigate = useNavigate();
  const handleMany = (files: File[]) => {
    handFiles(files);
    void navigate(paths.batch);
  };
  const handleFile = (chosen: File) => {
    const problem = fileProblem(chosen, limits.maxFileBytes);
    if (problem === "type") {
      toast({
        title: t("workspace.upload.invalidType.title"),
        description: t("workspace.upload.invalidType.description"),
        variant: "destructive",
      });
    } else if (problem === "size") {
      toast({
        title: t("workspace.upload.tooLarge.title"),
        description: t("workspace.upload.tooLarge.description", { maxMb: limits.maxMb }),
        variant: "destructive",
      });
    } else {
      onFile(chosen);
    }
  };
  // Into a team, the owner's pool pays (the banner above says so): one's own minutes are
  // neither shown nor checked here; the server refuses if the pool is short.
  const left = user && !teamId ? availableMinutes(user) : null;
  // Kept timings cost nothing; bilingual subtitles are two passes.
  const passes = subtitles && !subtitles.retime ? 0 : options.bilingual ? 2 : 1;
  // Translations asked for with it ("translate when done") are charged by their own rule.
  const translating =
    duration === null
      ? 0
      : (options.translateTo?.length ?? 0) * translationCostSeconds(duration * 1000);
  const needed = duration === null ? null : Math.ceil((passes * duration + translating) / 60);
  const overMinutes = left !== null && needed !== null && needed > left;
  return (
    <div className="space-y-6">
      {!teamId && <SubscriptionSummary />}
      <h1 className="text-xl font-semibold text-zinc-900">{t("workspace.upload.title")}</h1>
      {model.preparing && <ModelPreparingNotice percent={model.percent} />}
      {file ? (
        <section
          aria-label={t("workspace.upload.selected")}
          className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-zinc-200 p-4"
        >
          <div className="min-w-0">
            <p className="truncate font-medium text-zinc-900">{file.name}</p>
            <p className="text-sm text-zinc-600">
              {t(`workspace.upload.kind.${mediaKind(file)}`)} ·{" "}
              {t("workspace.upload.sizeMb", { size: megabytes(file.size) })}
              {duration !== null && (
                <> · {t("workspace.upload.duration", { duration: clock(duration) })}</>
              )}
            </p>
          </div>
          <Button variant="outline" onClick={() => onFile(null)}>
            {t("workspace.upload.change")}
          </Button>
        </section>
      ) : (
        <>
          <DropZone onFile={handleFile} onMany={handleMany} />
          <p className="text-sm text-zinc-600">
            {t("batch.manyFiles")}{" "}
            <Link to={paths.batch} className="font-medium text-blue-700 underline">
              {t("batch.sendBatch")}
            </Link>
          </p>
          <LinkImport options={options} disabled={model.preparing} onJob={onLinkJob} />
        </>
      )}
      {file && isLargeFile(file) && (
        <div
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">{t("workspace.upload.large.title")}</p>
          <p className="text-sm">{t("workspace.upload.large.description")}</p>
        </div>
      )}
      {overMinutes && (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
        >
          {t("workspace.upload.overMinutes", { needed, left })}{" "}
          <Link to={paths.pricing} className="font-medium underline">
            {t("workspace.summary.upgrade")}
          </Link>
        </div>
      )}
      <SubtitleFileChoice value={subtitles} onChange={onSubtitles} />
      <OptionsPanel value={options} onChange={onOptions} withSubtitleFile={subtitles !== null} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-zinc-600">
          <Trans
            i18nKey="workspace.upload.terms"
            components={{ terms: <Link to={paths.terms} className="underline" /> }}
          />
        </p>
        <Button size="lg" disabled={!file || overMinutes || model.preparing} onClick={onStart}>
          {t("workspace.upload.start")}
        </Button>
      </div>
    </div>
  );
}
