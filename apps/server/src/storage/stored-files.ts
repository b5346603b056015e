import type { Config } from "../config.js";
import type { FileStore } from "./file-store.js";
import { LocalFileStore } from "./local-file-store.js";
import { S3FileStore, s3Client, type S3StoreSettings } from "./s3-file-store.js";

// Which store a file goes to and which one holds a stored file. New files go to the store
// STORAGE_URL names (`fileStoreOf`); a stored file is found by its location alone
// (`storeOfLocation`), so a file kept before the setting changed is still read and deleted.
// One store (one S3 client, its connections) per bucket per process.

/** The process's stores, by bucket ("" for the local folder of absolute paths). */
const stores = new Map<string, FileStore>();

/** Where this process puts new kept files: the bucket of STORAGE_URL, or UPLOAD_DIR. */
export function fileStoreOf(config: Pick<Config, "storage" | "uploadDir">): FileStore {
  const settings = config.storage;
  if (!settings) return new LocalFileStore(config.uploadDir);
  return s3Store(settings);
}

function s3Store(settings: S3StoreSettings): FileStore {
  const known = stores.get(settings.bucket);
  if (known) return known;
  const store = new S3FileStore(settings, s3Client(settings));
  stores.set(settings.bucket, store);
  return store;
}

/** The folder of absolute paths: reads and deletes only (new files go to fileStoreOf's). */
const anyPath = new LocalFileStore("/");

/**
 * The store a location belongs to: an absolute path is the local folder's; `s3://bucket/key`
 * that bucket's (the one STORAGE_URL configured, or, for a bucket no longer configured, a client
 * from the SDK's environment).
 */
export function storeOfLocation(location: string): FileStore {
  const bucket = /^s3:\/\/([^/]+)\//.exec(location)?.[1];
  if (bucket === undefined) return anyPath;
  return s3Store({ bucket, prefix: "", forcePathStyle: forcePathStyleOfAny() });
}

/** A bucket no longer configured is reached as the configured ones are (path style or not). */
function forcePathStyleOfAny(): boolean {
  for (const store of stores.values()) {
    if (store instanceof S3FileStore) return store.forcePathStyle;
  }
  return false;
}

/** Deletes a stored file wherever it is; nothing for null or a file already gone. */
export async function removeStored(location: string | null | undefined): Promise<void> {
  if (location) await storeOfLocation(location).delete(location);
}
