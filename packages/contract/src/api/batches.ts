import { z } from "zod";
import { BatchId, TranscriptionSummary } from "./transcriptions.js";

// A batch: several files sent together from the web app. The server knows a batch only as the
// `batchId` its jobs were sent with; the files the browser has not sent yet are the browser's.

export const BatchParams = z.object({ id: BatchId });

/** One job of a batch: its history row and, while it waits, its place in the queue. */
export const BatchJob = TranscriptionSummary.extend({
  queuePosition: z
    .number()
    .int()
    .nullable()
    .describe("While queued: its place in line (1: next); null otherwise."),
});

/** GET /api/batches/{id}: the batch's jobs, in the order they were sent. */
export const BatchResponse = z.object({
  id: z.string(),
  jobs: z.array(BatchJob),
});
