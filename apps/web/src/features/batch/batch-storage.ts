import type { Batch, BatchFile } from "./batch-model";

// Started batches are kept in this browser (localStorage, per account), so leaving the page
// loses nothing: the jobs run on the server and are found again by their ids, and the files
// that had not been sent are listed as not sent (the files themselves cannot be kept).

const KEEP = 20;
const KEEP_DAYS = 30;

type StoredFile = Omit<BatchFile, "file">;
type StoredBatch = Omit<Batch, "files"> & { id: string; files: StoredFile[] };

const storageKey = (userId: string) => `verbatim.batches.${userId}`;

function readAll(userId: string): StoredBatch[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as StoredBatch[]) : [];
  } catch {
    return [];
  }
}

/** Saves a started batch (the newest few, for a month). */
export function storeBatch(userId: string, batch: Batch): void {
  if (!batch.id) return;
  const stored: StoredBatch = {
    ...batch,
    id: batch.id,
    files: batch.files.map(({ file: _file, ...rest }) => rest),
  };
  const cutoff = Date.now() - KEEP_DAYS * 24 * 3600 * 1000;
  const others = readAll(userId).filter(
    (other) => other.id !== batch.id && Date.parse(other.createdAt) > cutoff,
  );
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify([stored, ...others].slice(0, KEEP)));
  } catch {
    // Storage full or off: the batch still runs; only its not-sent list is lost.
  }
}

/**
 * A stored batch as this page shows it: the files without a job were not sent (the page that
 * held them is gone); null when this browser does not know the batch.
 */
export function storedBatch(userId: string, id: string): Batch | null {
  const found = readAll(userId).find((batch) => batch.id === id);
  if (!found) return null;
  return {
    ...found,
    files: found.files.map((file) => ({
      ...file,
      file: null,
      reading: false,
      stage:
        file.jobId === null && file.stage.kind !== "overBalance" ? { kind: "notSent" } : file.stage,
    })),
  };
}

/** How many files of each stored batch were not sent, by batch id (for History). */
export function notSentCounts(userId: string): Map<string, number> {
  return new Map(
    readAll(userId).map((batch) => [
      batch.id,
      batch.files.filter((file) => file.jobId === null).length,
    ]),
  );
}
