import type { TranscribeOptions } from "../workspace/upload-transport";

// A batch in the browser: the files chosen together, the options they share (each may have its
// own), and where each one stands. The server knows a batch only by the `batchId` its jobs
// carry; the files not yet sent exist only here.

/** Where one file of a batch stands. */
export type FileStage =
  /** Chosen; waits for the batch to start, then for its turn to be sent. */
  | { kind: "waiting" }
  /** The balance does not cover it: not sent (never partly charged). */
  | { kind: "overBalance" }
  /** A video's audio being taken out in the browser. */
  | { kind: "preparing"; percent: number }
  | { kind: "sending"; percent: number }
  /** On the server, waiting; `position` 1 is next. */
  | { kind: "queued"; position: number | null }
  | { kind: "transcribing"; percent: number }
  | { kind: "done" }
  | { kind: "failed"; message: string }
  | { kind: "cancelled" }
  /** The page was left before it was sent: the file stayed on this device. */
  | { kind: "notSent" };

export interface BatchFile {
  key: string;
  name: string;
  size: number;
  /** Length in seconds as the browser reads it; null when it cannot (or until read). */
  seconds: number | null;
  /** The browser is still reading its length. */
  reading: boolean;
  /** Its own options; null: the batch's. */
  options: TranscribeOptions | null;
  jobId: string | null;
  stage: FileStage;
  /** The file itself while this page holds it (never stored). */
  file: File | null;
}

export interface Batch {
  /** Chosen when the batch starts; null before. */
  id: string | null;
  createdAt: string;
  options: TranscribeOptions;
  files: BatchFile[];
}

/** Stages after which nothing more happens to a file (by itself). */
export function isSettled(stage: FileStage): boolean {
  return ["overBalance", "done", "failed", "cancelled", "notSent"].includes(stage.kind);
}

/** Stages of a file the server has (its job follows from the server's answers). */
export function isOnServer(file: BatchFile): boolean {
  return file.jobId !== null;
}

export type BatchAction =
  | { type: "add"; files: File[] }
  | { type: "remove"; key: string }
  | { type: "seconds"; key: string; seconds: number | null }
  | { type: "options"; options: TranscribeOptions }
  | { type: "fileOptions"; key: string; options: TranscribeOptions | null }
  | { type: "start"; id: string; overBalance: ReadonlySet<string> }
  | { type: "stage"; key: string; stage: FileStage }
  | { type: "sent"; key: string; jobId: string }
  | { type: "retry"; key: string }
  | { type: "load"; batch: Batch }
  /** Jobs of the batch this page did not know (sent from another page or device). */
  | { type: "jobsFound"; jobs: BatchFile[] };

let counter = 0;
/** A key for a file of this page. */
function fileKey(): string {
  counter += 1;
  return `f${Date.now().toString(36)}-${counter}`;
}

export function batchReducer(batch: Batch, action: BatchAction): Batch {
  const update = (key: string, change: (file: BatchFile) => BatchFile): Batch => ({
    ...batch,
    files: batch.files.map((file) => (file.key === key ? change(file) : file)),
  });
  switch (action.type) {
    case "add": {
      if (batch.id) return batch; // a started batch takes no more files
      const added = action.files.map((file): BatchFile => ({
        key: fileKey(),
        name: file.name,
        size: file.size,
        seconds: null,
        reading: true,
        options: null,
        jobId: null,
        stage: { kind: "waiting" },
        file,
      }));
      return { ...batch, files: [...batch.files, ...added] };
    }
    case "remove":
      return batch.id
        ? batch
        : { ...batch, files: batch.files.filter((f) => f.key !== action.key) };
    case "seconds":
      return update(action.key, (file) => ({ ...file, seconds: action.seconds, reading: false }));
    case "options":
      return batch.id ? batch : { ...batch, options: action.options };
    case "fileOptions":
      return batch.id
        ? batch
        : update(action.key, (file) => ({ ...file, options: action.options }));
    case "start":
      return {
        ...batch,
        id: action.id,
        createdAt: new Date().toISOString(),
        files: batch.files.map((file) =>
          action.overBalance.has(file.key) ? { ...file, stage: { kind: "overBalance" } } : file,
        ),
      };
    case "stage":
      return update(action.key, (file) => ({ ...file, stage: action.stage }));
    case "sent": {
      // A poll may have found the job before its upload's answer came: that row stands for this
      // file, which takes its stage (it is as new as the server's last answer) and its place.
      const found = batch.files.find((f) => f.jobId === action.jobId && f.key !== action.key);
      const stage: FileStage = found?.stage ?? { kind: "queued", position: null };
      return {
        ...batch,
        files: batch.files
          .filter((file) => file !== found)
          .map((file) =>
            file.key === action.key ? { ...file, jobId: action.jobId, stage } : file,
          ),
      };
    }
    case "retry":
      // A failed send resumes; a failed transcription is sent again as a new job.
      return update(action.key, (file) =>
        file.file ? { ...file, jobId: null, stage: { kind: "waiting" } } : file,
      );
    case "load":
      return action.batch;
    case "jobsFound": {
      const known = new Set(batch.files.map((file) => file.jobId));
      const added = action.jobs.filter((file) => !known.has(file.jobId));
      return added.length === 0 ? batch : { ...batch, files: [...batch.files, ...added] };
    }
  }
}
