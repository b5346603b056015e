import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { availableMinutes, useMe } from "../api/queries";
import { paths } from "../app/paths";
import { useSession } from "../auth/session";
import { Button } from "../components/ui/button";
import { Page } from "../components/ui/page";
import { toast } from "../components/ui/toast-store";
import { batchCost, wholeMinutes } from "../features/batch/batch-cost";
import { BatchDownload } from "../features/batch/batch-download";
import { BatchDropZone } from "../features/batch/batch-drop-zone";
import { BatchFileRow } from "../features/batch/batch-file-row";
import { batchReducer, isSettled, type Batch } from "../features/batch/batch-model";
import { storeBatch, storedBatch } from "../features/batch/batch-storage";
import { takeHandedFiles } from "../features/batch/handed-files";
import { useBatchProgress } from "../features/batch/use-batch-progress";
import { useBatchSending } from "../features/batch/use-batch-sending";
import { fileProblem } from "../features/workspace/file-rules";
import { readMediaDuration } from "../features/workspace/media-duration";
import { ModelPreparingNotice, useModelPreparation } from "../features/workspace/model-readiness";
import { OptionsPanel } from "../features/workspace/options-panel";
import { defaultOptions } from "../features/workspace/workspace-state";

/**
 * /batch: many files at once. Choose files or a folder, one set of options (each file may have
 * its own), see the whole batch's minutes, start; each file then shows its own progress, and
 * the finished ones open in the editor or download together as a ZIP. The batch's id sits in
 * the address (`?id=…`): leaving and coming back (or History) shows it again.
 */
export default function BatchPage() {
  const { t, i18n } = useTranslation();
  const { data: user } = useMe();
  const { refresh } = useSession();
  const model = useModelPreparation();
  const [params, setParams] = useSearchParams();
  const [batch, dispatch] = useReducer(batchReducer, undefined, (): Batch => ({
    id: null,
    createdAt: new Date().toISOString(),
    options: defaultOptions(i18n.language),
    files: [],
  }));
  const [editing, setEditing] = useState<string | null>(null);
  const idParam = params.get("id");

  // Files handed over by the upload page (several dropped there).
  useEffect(() => {
    const handed = takeHandedFiles();
    if (handed.length > 0) addFiles(handed);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A batch in the address that this page does not hold: as this browser stored it (or, from
  // another device, as the server's jobs show it).
  useEffect(() => {
    if (!idParam || !user || idParam === batch.id) return;
    dispatch({
      type: "load",
      batch: storedBatch(user.id, idParam) ?? {
        id: idParam,
        createdAt: new Date().toISOString(),
        options: defaultOptions(i18n.language),
        files: [],
      },
    });
    // When the address or the account changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idParam, user?.id]);

  useEffect(() => {
    if (user && batch.id) storeBatch(user.id, batch);
  }, [user, batch]);

  useBatchSending(batch, dispatch);
  useBatchProgress(batch, dispatch);

  function addFiles(chosen: File[]) {
    const usable = chosen.filter((file) => fileProblem(file) === null);
    if (usable.length < chosen.length) {
      toast({
        title: t("batch.skipped", { count: chosen.length - usable.length }),
        description: t("workspace.upload.invalidType.description"),
      });
    }
    dispatch({ type: "add", files: usable });
  }
  // Each new file's length, read once.
  const lengthsAsked = useRef(new Set<string>());
  useEffect(() => {
    for (const file of batch.files) {
      if (!file.reading || !file.file || lengthsAsked.current.has(file.key)) continue;
      lengthsAsked.current.add(file.key);
      const key = file.key;
      void readMediaDuration(file.file).then((seconds) =>
        dispatch({ type: "seconds", key, seconds }),
      );
    }
  }, [batch.files]);

  const started = batch.id !== null;
  const leftSeconds = user ? availableMinutes(user) * 60 : 0;
  const cost = useMemo(
    () =>
      batchCost(
        batch.files.map(({ key, seconds }) => ({ key, seconds })),
        leftSeconds,
      ),
    [batch.files, leftSeconds],
  );
  const reading = batch.files.some((file) => file.reading);
  const toSend = batch.files.filter((file) => !cost.overBalance.has(file.key)).length;

  const start = async () => {
    await refresh(); // the upload waits for a fresh token (the refresh revokes the old one)
    const id = crypto.randomUUID();
    dispatch({ type: "start", id, overBalance: cost.overBalance });
    setParams({ id }, { replace: true });
  };

  const doneIds = batch.files
    .filter((file) => file.stage.kind === "done" && file.jobId)
    .map((file) => file.jobId!);
  const allSettled = batch.files.length > 0 && batch.files.every((file) => isSettled(file.stage));
  const counts = {
    done: doneIds.length,
    total: batch.files.length,
  };

  return (
    <Page title={t("batch.title")} intro={t("batch.intro")}>
      <div className="space-y-6">
        {model.preparing && <ModelPreparingNotice percent={model.percent} />}
        {!started && <BatchDropZone onFiles={addFiles} />}
        {!started && batch.files.length > 0 && (
          <OptionsPanel
            value={batch.options}
            onChange={(options) => dispatch({ type: "options", options })}
          />
        )}
        {batch.files.length > 0 && (
          <section aria-labelledby="batch-files" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="batch-files" className="text-lg font-semibold text-zinc-900">
                {t("batch.files", { count: batch.files.length })}
              </h2>
              {started && (
                <p className="text-sm text-zinc-600" role="status">
                  {t("batch.doneOf", counts)}
                </p>
              )}
            </div>
            {!started && (
              <div
                className="rounded-lg border border-zinc-200 bg-zinc-50 p-3 text-sm text-zinc-800"
                role="status"
              >
                <p>
                  {reading
                    ? t("batch.cost.reading")
                    : t("batch.cost.total", {
                        minutes: wholeMinutes(cost.totalSeconds),
                        left: user ? availableMinutes(user) : 0,
                      })}
                </p>
                {cost.overBalance.size > 0 && (
                  <p className="mt-1 font-medium text-amber-900">
                    {t("batch.cost.over", { count: cost.overBalance.size })}{" "}
                    <Link to={paths.pricing} className="underline">
                      {t("workspace.summary.upgrade")}
                    </Link>
                  </p>
                )}
                {cost.unknown.size > 0 && (
                  <p className="mt-1">{t("batch.cost.unknown", { count: cost.unknown.size })}</p>
                )}
              </div>
            )}
            <ul className="space-y-2">
              {batch.files.map((file) => (
                <BatchFileRow
                  key={file.key}
                  file={
                    !started && cost.overBalance.has(file.key)
                      ? { ...file, stage: { kind: "overBalance" } }
                      : file
                  }
                  started={started}
                  options={file.options ?? batch.options}
                  editing={editing === file.key}
                  onEdit={(open) => setEditing(open ? file.key : null)}
                  onOptions={(options) => dispatch({ type: "fileOptions", key: file.key, options })}
                  onRemove={() => dispatch({ type: "remove", key: file.key })}
                  onRetry={() => dispatch({ type: "retry", key: file.key })}
                />
              ))}
            </ul>
          </section>
        )}
        {!started && batch.files.length > 0 && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
            <Button
              size="lg"
              disabled={reading || toSend === 0 || model.preparing}
              onClick={() => void start()}
            >
              {t("batch.start", { count: toSend })}
            </Button>
          </div>
        )}
        {started && doneIds.length > 0 && <BatchDownload jobIds={doneIds} />}
        {started && (
          <p className="text-sm text-zinc-600">
            {allSettled ? t("batch.finished") : t("batch.leave")}{" "}
            <Link to={paths.history} className="font-medium text-blue-700 underline">
              {t("workspace.process.openHistory")}
            </Link>
          </p>
        )}
      </div>
    </Page>
  );
}
