// Unpacks a downloaded model archive (sherpa-onnx publishes SenseVoice as .tar.bz2) without
// trusting it: every entry must be a plain file or folder inside the archive's one top folder
// (no absolute paths, no `..`, no symbolic or hard links, no devices), and the bytes inflated
// are counted as they come, so an archive that would unpack past its bound stops there. The
// work (bzip2 in JavaScript: seconds of CPU for a real model) runs in a worker thread, off the
// caller's event loop, with a memory cap and a time limit.
import { createReadStream } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { Worker } from "node:worker_threads";

import { extract } from "tar-stream";
import bz2 from "unbzip2-stream";

import { builtScriptPath } from "../pipeline/built-script.js";

/** The limits an archive is unpacked within. */
export interface UnpackLimits {
  /** The most bytes its files may add up to. */
  maxBytes: number;
  /** The most entries (files and folders). */
  maxEntries: number;
}

/** What an unpacked archive held. */
export interface Unpacked {
  files: number;
  bytes: number;
}

/** The archive broke a rule: nothing of it may be used. */
export class UnsafeArchiveError extends Error {
  override name = "UnsafeArchiveError";
}

/** tar framing (headers, padding, the end blocks) on top of the files' own bytes. */
const FRAMING_ALLOWANCE = 1 << 20;

/**
 * The path segments under the top folder of an entry's name, or an UnsafeArchiveError. The top
 * folder itself gives []. `top` is the archive's top folder, once the first entry has named it.
 */
export function entrySegments(name: string, top: string | null): { top: string; rest: string[] } {
  if (name.includes("\0") || name.includes("\\")) {
    throw new UnsafeArchiveError(`entry "${name}" has a character no file name here may have`);
  }
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) {
    throw new UnsafeArchiveError(`entry "${name}" is an absolute path`);
  }
  const segments = name.split("/").filter((part) => part !== "" && part !== ".");
  if (segments.includes("..")) {
    throw new UnsafeArchiveError(`entry "${name}" climbs out of its folder ("..")`);
  }
  const [first, ...rest] = segments;
  if (first === undefined) throw new UnsafeArchiveError(`entry "${name}" has no name`);
  if (top !== null && first !== top) {
    throw new UnsafeArchiveError(`entry "${name}" is outside the archive's folder ${top}`);
  }
  return { top: first, rest };
}

/** Counts the bytes that pass and fails once they pass `limit`. */
function byteBound(limit: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) done(new UnsafeArchiveError(`${what} inflates past ${limit} bytes`));
      else done(null, chunk);
    },
  });
}

/**
 * Unpacks `archive` (.tar.bz2) into the folder `into` (created; it should not exist yet), the
 * archive's top folder left out: `top/model.onnx` becomes `into/model.onnx`. In this thread:
 * callers use unpackArchive, which runs it in a worker.
 */
export async function unpackTarBz2(
  archive: string,
  into: string,
  limits: UnpackLimits,
): Promise<Unpacked> {
  const root = resolve(into);
  await mkdir(root, { recursive: true });
  const extractor = extract();
  const input = createReadStream(archive);
  const inflate = bz2();
  const bound = byteBound(limits.maxBytes + FRAMING_ALLOWANCE, "the archive");
  const fail = (error: unknown) => extractor.destroy(error instanceof Error ? error : new Error(String(error)));
  input.on("error", fail);
  inflate.on("error", fail);
  bound.on("error", fail);
  input.pipe(inflate).pipe(bound).pipe(extractor);
  let top: string | null = null;
  let entries = 0;
  let bytes = 0;
  let files = 0;
  try {
    for await (const entry of extractor) {
      const { header } = entry;
      entries += 1;
      if (entries > limits.maxEntries) {
        throw new UnsafeArchiveError(`the archive holds more than ${limits.maxEntries} entries`);
      }
      const named = entrySegments(header.name, top);
      top = named.top;
      const path = join(root, ...named.rest);
      if (named.rest.length > 0 && !path.startsWith(root + sep)) {
        throw new UnsafeArchiveError(`entry "${header.name}" lands outside the folder`);
      }
      if (header.type === "directory") {
        await mkdir(path, { recursive: true });
        entry.resume();
        continue;
      }
      if (header.type !== "file" && header.type !== "contiguous-file") {
        const target = header.linkname ? ` to ${header.linkname}` : "";
        throw new UnsafeArchiveError(`entry "${header.name}" is a ${header.type}${target}, not a file`);
      }
      if (named.rest.length === 0) {
        throw new UnsafeArchiveError(`entry "${header.name}" is a file outside any folder`);
      }
      if (bytes + header.size > limits.maxBytes) {
        throw new UnsafeArchiveError(`the archive unpacks to more than ${limits.maxBytes} bytes`);
      }
      await mkdir(join(path, ".."), { recursive: true });
      // "wx": never through something already there (a link, a file of an earlier entry).
      const file = await open(path, "wx", 0o644);
      try {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          if (bytes > limits.maxBytes) {
            throw new UnsafeArchiveError(`the archive unpacks to more than ${limits.maxBytes} bytes`);
          }
          await file.write(chunk);
        }
      } finally {
        await file.close();
      }
      files += 1;
    }
  } catch (error) {
    input.destroy();
    throw error;
  }
  return { files, bytes };
}

/** The worker's answer. */
export type UnpackReply =
  | ({ ok: true } & Unpacked)
  | { ok: false; unsafe: boolean; message: string };

/** A worker's heap cap: the JavaScript bzip2 decoder holds a block or two at a time. */
const WORKER_HEAP_MB = 256;

/**
 * unpackTarBz2 in a worker thread (the built script beside this one), ended after `timeoutMs`
 * or when `signal` fires. Rejects with UnsafeArchiveError when the archive broke a rule.
 */
export function unpackArchive(
  archive: string,
  into: string,
  limits: UnpackLimits,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Unpacked> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(builtScriptPath(import.meta.url, "unpack-archive-worker"), {
      workerData: { archive, into, limits },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const finish = (error: Error | null, result?: Unpacked) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      if (error) reject(error);
      else resolvePromise(result!);
    };
    const onAbort = () => finish(new Error("The unpacking was cancelled."));
    const timer = setTimeout(
      () => finish(new Error("Unpacking took too long; the archive was given up.")),
      options.timeoutMs ?? 10 * 60_000,
    );
    options.signal?.addEventListener("abort", onAbort, { once: true });
    worker.on("error", (error) => finish(error));
    worker.on("exit", (code) => finish(new Error(`The unpacking worker stopped (exit code ${code}).`)));
    worker.on("message", (reply: UnpackReply) => {
      if (reply.ok) finish(null, { files: reply.files, bytes: reply.bytes });
      else finish(reply.unsafe ? new UnsafeArchiveError(reply.message) : new Error(reply.message));
    });
  });
}
