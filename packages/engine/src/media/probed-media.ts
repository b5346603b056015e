// One probe per job: the media is probed where it is taken in (the server's intake, the CLI),
// and that answer is handed on to the engine with the identity of the file it describes. The
// engine uses it only while the file on disk is still that file (same size, modification time
// and inode); any change, or no answer handed on, and the file is probed again.
import { stat } from "node:fs/promises";
import { EngineError } from "../errors.js";
import { probeMedia, type MediaInfo } from "./probe.js";

/** Which version of a file a probe read: what changes when the file is replaced or written. */
export interface MediaFileIdentity {
  sizeBytes: number;
  /** Modification time in ms (with its sub-millisecond part). */
  mtimeMs: number;
  inode: number;
}

/** A probe's answer and the identity of the file it read, taken before it read it. */
export interface ProbedMedia {
  media: MediaInfo;
  file: MediaFileIdentity;
}

/** The identity of the file at `path` now. */
export async function mediaFileIdentity(path: string): Promise<MediaFileIdentity> {
  try {
    const info = await stat(path);
    return { sizeBytes: info.size, mtimeMs: info.mtimeMs, inode: info.ino };
  } catch (error) {
    // Said as the probe says it (probe.ts): a missing file, or one this user may not read.
    const code = (error as { code?: unknown } | null)?.code;
    const why =
      code === "EACCES" || code === "EPERM"
        ? `Cannot read ${path}: permission denied.`
        : `No such file: ${path}`;
    throw new EngineError("INPUT_NOT_FOUND", why, { cause: error });
  }
}

/** Probes the file and records which version of it was probed (its identity, taken first). */
export async function probeWithIdentity(path: string, signal?: AbortSignal): Promise<ProbedMedia> {
  const file = await mediaFileIdentity(path);
  return { media: await probeMedia(path, signal), file };
}

/**
 * The media information of `path`: the one handed on when it describes the file as it is now,
 * else a new probe.
 */
export async function probedMediaOf(
  path: string,
  handedOn: ProbedMedia | undefined,
  signal?: AbortSignal,
): Promise<MediaInfo> {
  if (handedOn) {
    const now = await mediaFileIdentity(path).catch(() => null); // the probe says what is wrong
    if (now && sameFile(now, handedOn.file)) return handedOn.media;
  }
  return (await probeWithIdentity(path, signal)).media;
}

function sameFile(a: MediaFileIdentity, b: MediaFileIdentity): boolean {
  return a.sizeBytes === b.sizeBytes && a.mtimeMs === b.mtimeMs && a.inode === b.inode;
}
