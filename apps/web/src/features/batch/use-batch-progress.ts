import { useQuery } from "@tanstack/react-query";
import { useEffect, type Dispatch } from "react";
import { api } from "../../api/client";
import type { BatchResponse } from "../../api/types";
import { codeText } from "../../api/error-text";
import type { Batch, BatchAction, FileStage } from "./batch-model";

/** How often a running batch is asked about (one request for all its files). */
const POLL_MS = 1500;

type BatchJob = BatchResponse["jobs"][number];

/** A job's state on the server as a file's stage. */
export function stageOfJob(job: BatchJob): FileStage {
  switch (job.status) {
    case "queued":
      return { kind: "queued", position: job.queuePosition };
    case "processing":
      return { kind: "transcribing", percent: job.progress };
    case "completed":
      return { kind: "done" };
    case "cancelled":
      return { kind: "cancelled" };
    case "failed":
      return {
        kind: "failed",
        message: (job.error && (codeText(job.error.code) ?? job.error.message)) || "",
      };
  }
}

/**
 * Follows the batch's jobs on the server (GET /api/batches/{id}) while any is waiting or
 * running, and sets each file's stage from its job's; a job this page did not send (the batch
 * was started on another device) is added as a file of its own.
 */
export function useBatchProgress(batch: Batch, dispatch: Dispatch<BatchAction>) {
  const active = batch.files.some((file) =>
    file.jobId === null
      ? ["waiting", "preparing", "sending"].includes(file.stage.kind)
      : file.stage.kind === "queued" || file.stage.kind === "transcribing",
  );
  const query = useQuery({
    queryKey: ["batch", batch.id],
    queryFn: ({ signal }) => api<BatchResponse>(`/api/batches/${batch.id}`, { signal }),
    enabled: batch.id !== null,
    staleTime: 0,
    refetchInterval: active ? POLL_MS : false,
  });
  const jobs = query.data?.jobs;
  useEffect(() => {
    if (!jobs) return;
    const byJob = new Map(batch.files.map((file) => [file.jobId, file]));
    const unknown = jobs.filter((job) => !byJob.has(job.id));
    if (unknown.length > 0) dispatch({ type: "jobsFound", jobs: unknown.map(jobAsFile) });
    for (const job of jobs) {
      const file = byJob.get(job.id);
      if (!file) continue;
      const stage = stageOfJob(job);
      if (JSON.stringify(stage) !== JSON.stringify(file.stage)) {
        dispatch({ type: "stage", key: file.key, stage });
      }
    }
    // Only the server's answer drives this; the files are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobs]);
  return query;
}

function jobAsFile(job: BatchJob) {
  return {
    key: `job-${job.id}`,
    name: job.fileName,
    size: 0,
    seconds: job.duration,
    reading: false,
    options: null,
    jobId: job.id,
    stage: stageOfJob(job),
    file: null,
  };
}
