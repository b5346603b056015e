import { PLANS } from "@verbatim/contract";
import { useEffect, useRef, type Dispatch } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import { useActiveSubscription } from "../../api/queries";
import { prepareUpload, type PreparedUpload } from "../workspace/extract-audio";
import { useUploadLimits } from "../workspace/upload-limits";
import {
  uploadForTranscription,
  UploadInterrupted,
  type ResumePoint,
} from "../workspace/upload-transport";
import type { Batch, BatchAction, BatchFile } from "./batch-model";

/**
 * Files sent at once: enough to keep the line moving, few enough for a home connection, and
 * never more than the unfinished uploads the plan that applies now allows (each file is a chunked
 * upload until it is combined; one more would be refused with 429 TOO_MANY_UPLOADS). The server
 * says how many (`openUploads` of GET /api/subscriptions/active: Free's while a renewal's payment
 * has failed, whatever plan is subscribed).
 */
export const FILES_AT_ONCE = 3;

/**
 * Sends a started batch's waiting files, a few at a time, each as the single upload sends one:
 * a video's audio taken out in the browser first, then the chunked (resumable) path with the
 * batch's id. A send that fails keeps where it stopped, so a retry resumes it.
 */
export function useBatchSending(batch: Batch, dispatch: Dispatch<BatchAction>): void {
  const { t } = useTranslation();
  const { maxFileBytes } = useUploadLimits();
  const sending = useRef(new Map<string, AbortController>());
  const prepared = useRef(new Map<string, PreparedUpload>());
  const resumes = useRef(new Map<string, ResumePoint>());
  const { data: subscription, isPending } = useActiveSubscription();
  const atOnce = Math.min(FILES_AT_ONCE, subscription?.openUploads ?? PLANS.free.openUploads);

  useEffect(() => {
    const batchId = batch.id;
    if (!batchId || isPending) return;
    const free = atOnce - sending.current.size;
    const next = batch.files
      .filter(
        (file) => file.stage.kind === "waiting" && file.file && !sending.current.has(file.key),
      )
      .slice(0, Math.max(0, free));
    for (const file of next) {
      const controller = new AbortController();
      sending.current.set(file.key, controller);
      void send(file, batchId, batch.options, controller.signal).then(
        (jobId) => {
          // Freed before the news, so the render it causes starts the next file.
          sending.current.delete(file.key);
          resumes.current.delete(file.key);
          prepared.current.delete(file.key);
          dispatch({ type: "sent", key: file.key, jobId });
        },
        (error: unknown) => {
          sending.current.delete(file.key);
          if (controller.signal.aborted) return;
          if (error instanceof UploadInterrupted && error.resume) {
            resumes.current.set(file.key, error.resume);
          }
          dispatch({
            type: "stage",
            key: file.key,
            stage: { kind: "failed", message: errorText(error, t("batch.sendFailed")) },
          });
        },
      );
    }
    // Each file's send is started once; the effect runs again as stages change.
  });

  // Leaving the page stops what is being sent (those files are then "not sent").
  useEffect(() => {
    const inFlight = sending.current;
    return () => {
      for (const controller of inFlight.values()) controller.abort();
    };
  }, []);

  async function send(
    file: BatchFile,
    batchId: string,
    batchOptions: Batch["options"],
    signal: AbortSignal,
  ): Promise<string> {
    const source = file.file!;
    let ready = prepared.current.get(file.key);
    if (!ready) {
      dispatch({ type: "stage", key: file.key, stage: { kind: "preparing", percent: 0 } });
      ready = await prepareUpload(
        source,
        (fraction) =>
          dispatch({
            type: "stage",
            key: file.key,
            stage: { kind: "preparing", percent: Math.floor(fraction * 100) },
          }),
        signal,
      );
      prepared.current.set(file.key, ready);
    }
    if (ready.file.size > maxFileBytes) {
      throw new Error(
        t(ready.extracted ? "workspace.process.audioTooLarge" : "workspace.process.notExtracted"),
      );
    }
    dispatch({ type: "stage", key: file.key, stage: { kind: "sending", percent: 0 } });
    return uploadForTranscription(
      ready.file,
      file.options ?? batchOptions,
      (progress) =>
        dispatch({
          type: "stage",
          key: file.key,
          stage: {
            kind: "sending",
            percent: Math.floor((progress.sentBytes / Math.max(1, progress.totalBytes)) * 100),
          },
        }),
      { signal, batchId, chunked: true, resume: resumes.current.get(file.key) ?? null },
    );
  }
}
