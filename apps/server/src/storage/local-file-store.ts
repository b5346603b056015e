import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ByteRange, FileStore, LocalCopy, NewFile, StoredFileInfo } from "./file-store.js";

// The default store: files in one folder (UPLOAD_DIR), named as they always were, their
// location their absolute path. Many machines share it only through a shared mount (NFS); a
// bucket (s3-file-store.ts) needs none.

/** The names of kept files in the folder: what the orphan sweep may delete. */
const KEPT_SUFFIXES = [".upload", ".listen.m4a", ".captioned.mp4", ".source"];

export class LocalFileStore implements FileStore {
  readonly kind = "local";

  constructor(private readonly root: string) {}

  /** Any absolute path: rows written before a bucket was configured keep their files here. */
  owns(location: string): boolean {
    return isAbsolute(location);
  }

  async put(file: NewFile, body: Readable): Promise<string> {
    await mkdir(this.root, { recursive: true });
    const path = join(this.root, file.name);
    try {
      await pipeline(body, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return path;
  }

  /** The file stays where it was written (the folder is the store). */
  keep(_file: NewFile, localPath: string): Promise<string> {
    return Promise.resolve(localPath);
  }

  async get(location: string, range?: ByteRange): Promise<Readable> {
    // Opened first: a missing file rejects here, not later on a stream nobody listens to.
    const handle = await open(location, "r");
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(location: string): Promise<StoredFileInfo | null> {
    const info = await stat(location).catch(() => null);
    return info?.isFile() ? { size: info.size, modified: info.mtime } : null;
  }

  async delete(location: string): Promise<void> {
    await rm(location, { force: true });
  }

  /** The folder is flat: an account's files go with their rows (deleteTranscription). */
  deleteOwner(): Promise<number> {
    return Promise.resolve(0);
  }

  presignedGetUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  localCopy(location: string): Promise<LocalCopy> {
    return Promise.resolve({ path: location, release: () => Promise.resolve() });
  }

  async *listOlderThan(before: Date): AsyncIterable<string> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    for (const name of names) {
      if (!KEPT_SUFFIXES.some((suffix) => name.endsWith(suffix))) continue;
      const path = join(this.root, name);
      const info = await this.stat(path);
      if (info && info.modified < before) yield path;
    }
  }
}
