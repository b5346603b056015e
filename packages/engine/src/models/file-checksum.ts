import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";

import type { Checksum } from "./registry.js";

/** Feeds a file's bytes into `hash` as a stream, so a multi-gigabyte model never sits in memory. */
export async function hashFileInto(hash: Hash, path: string): Promise<void> {
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
  }
}

/** The hex digest of a file with the given algorithm. */
export async function hashFile(path: string, algorithm: Checksum["algorithm"]): Promise<string> {
  const hash = createHash(algorithm);
  await hashFileInto(hash, path);
  return hash.digest("hex");
}

/** True when `digest` equals the expected checksum (case-insensitive hex). */
export function checksumMatches(expected: Checksum, digest: string): boolean {
  return expected.value.toLowerCase() === digest.toLowerCase();
}
