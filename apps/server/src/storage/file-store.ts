import type { Readable } from "node:stream";

// The one interface every kept file goes through: uploads once taken in, the editor's audio
// copies, render sources and outputs. Two implementations: a local folder (the default, the
// files where they always were) and an S3 bucket (STORAGE_URL=s3://bucket/prefix). A stored
// file is named by its *location*, a string that says where it is on its own — an absolute
// path for the folder, `s3://bucket/key` for a bucket — and that string is what the database
// keeps, so a row written under one setting is still read and deleted after the setting
// changes (stored-files.ts finds the store of any location).

/** A byte range of a stored file, both ends included (HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `stat` knows of a stored file. */
export interface StoredFileInfo {
  size: number;
  modified: Date;
}

/** Where a new file goes: whose it is (a bucket groups by account) and its own name. */
export interface NewFile {
  /** The account the file belongs to: account deletion removes everything under it. */
  owner: string;
  /** The file's name, unique in the store (a job's or render's id and a suffix). */
  name: string;
  contentType?: string;
}

/** A stored file fetched to the local disk for a tool that needs a path (ffmpeg, the engine). */
export interface LocalCopy {
  path: string;
  /** Deletes the copy (nothing, when the store is the local folder and the path its own). */
  release(): Promise<void>;
}

export interface FileStore {
  /** "local" or "s3": for logs and health. */
  readonly kind: "local" | "s3";
  /** Whether a location names a file of this store. */
  owns(location: string): boolean;
  /** Streams a new file into the store (multipart into a bucket); resolves to its location. */
  put(file: NewFile, body: Readable): Promise<string>;
  /**
   * Keeps a file written on the local disk (an upload taken in, ffmpeg's output): the folder
   * store keeps it where it is; a bucket uploads it and deletes the local file.
   */
  keep(file: NewFile, localPath: string): Promise<string>;
  /** A stream of the file, or of one byte range of it. Rejects with STORAGE_UNAVAILABLE. */
  get(location: string, range?: ByteRange): Promise<Readable>;
  /** Its size and time, or null when there is no such file. */
  stat(location: string): Promise<StoredFileInfo | null>;
  /** Deletes it; nothing when it is not there. */
  delete(location: string): Promise<void>;
  /** Deletes every file of an account (account deletion); returns how many. */
  deleteOwner(owner: string): Promise<number>;
  /**
   * A URL anyone may GET the file from for `expiresInS` seconds (a bucket's presigned URL), or
   * null where the store has none (the local folder: the server streams it).
   */
  presignedGetUrl(
    location: string,
    options: { expiresInS: number; contentDisposition?: string; contentType?: string },
  ): Promise<string | null>;
  /** The file on the local disk under `scratchDir`, for tools that read a path. */
  localCopy(location: string, scratchDir: string): Promise<LocalCopy>;
  /** Every file of the store older than `before` (the hourly orphan sweep), as locations. */
  listOlderThan(before: Date): AsyncIterable<string>;
}
