import { createHash } from "node:crypto";
import { mkdir, open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { join, resolve } from "node:path";

import { EngineError, isEngineError } from "../errors.js";
import {
  cancelledError,
  corruptDownloadError,
  diskError,
  httpStatusError,
  interruptedError,
  isAbort,
  requestFailedError,
  type DownloadTarget,
} from "./download-errors.js";
import { checksumMatches, hashFile, hashFileInto } from "./file-checksum.js";
import { ModelFormatError } from "./ggml-header.js";
import { knownNamesHint } from "./install-hints.js";
import {
  DIARIZATION_MODEL_REGISTRY,
  findDiarizationModel,
  type DiarizationModelEntry,
} from "./diarization-registry.js";
import { findModel, MODEL_REGISTRY, modelDownloadUrl, type ModelEntry } from "./registry.js";
import { validateModelFile, type ModelInfo } from "./validate-ggml.js";

/** Options for downloadModel. */
export interface DownloadModelOptions {
  /** Called as bytes arrive; `received` counts bytes reused from a partial file too. */
  onProgress?(received: number, total: number): void;
  /** Cancels the download; the partial file is kept so a later call resumes. */
  signal?: AbortSignal;
  /** fetch implementation (tests inject one); defaults to globalThis.fetch. */
  fetchImpl?: typeof fetch;
  /** Server to download from instead of Hugging Face; also $VERBATIM_MODEL_BASE_URL. */
  baseUrl?: string;
  /** Registry to look `name` up in; defaults to MODEL_REGISTRY. */
  registry?: readonly ModelEntry[];
  /** Download again even when a valid file is already installed. */
  force?: boolean;
}

/** What the transfer itself uses (the registry and `force` are the callers' business). */
export type TransferOptions = Omit<DownloadModelOptions, "registry" | "force">;

/** The outcome of downloadModel. */
export interface DownloadedModel {
  /** Registry name. */
  name: string;
  /** Absolute path of the installed file. */
  path: string;
  /** Bytes reused from an earlier interrupted download (0 for a fresh one). */
  resumedFrom: number;
  /** True when a valid file was already there and nothing was fetched. */
  alreadyInstalled: boolean;
  /** True when the registry checksum was verified (false when the registry has none). */
  checksumVerified: boolean;
  /** Header information of the installed file. */
  info: ModelInfo;
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function request(t: DownloadTarget, from: number, options: TransferOptions) {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const headers: Record<string, string> = from > 0 ? { Range: `bytes=${from}-` } : {};
  try {
    return await fetchImpl(t.url, { headers, signal: options.signal, redirect: "follow" });
  } catch (error) {
    throw isAbort(error, options.signal) ? cancelledError(t) : requestFailedError(t, error);
  }
}

/** Starts the transfer, resuming after `existing` bytes when the server honours Range. */
async function openTransfer(t: DownloadTarget, existing: number, options: TransferOptions) {
  if (existing > 0) {
    const response = await request(t, existing, options);
    const start = /^bytes (\d+)-/.exec(response.headers.get("content-range") ?? "")?.[1];
    if (response.status === 206 && Number(start) === existing) return { response, from: existing };
    if (response.status === 200) return { response, from: 0 }; // the server ignored Range
    await response.body?.cancel();
    if (response.status !== 206 && response.status !== 416) {
      throw httpStatusError(t, response.status, response.statusText);
    }
    // 416 or a different range: the partial file cannot be continued, start over.
  }
  const response = await request(t, 0, options);
  if (response.status !== 200) {
    await response.body?.cancel();
    throw httpStatusError(t, response.status, response.statusText);
  }
  return { response, from: 0 };
}

/** Streams the body into the partial file, hashing as it goes; returns the hex digest. */
async function receive(
  t: DownloadTarget,
  response: Response,
  from: number,
  options: TransferOptions,
): Promise<string | null> {
  const total = t.entry.sizeBytes;
  const length = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(length) && from + length !== total) {
    await response.body?.cancel();
    await rm(t.partial, { force: true });
    throw corruptDownloadError(t, `the server offers ${from + length} bytes, expected ${total}`);
  }
  const hash = t.entry.checksum ? createHash(t.entry.checksum.algorithm) : null;
  if (from > 0 && hash) await hashFileInto(hash, t.partial);
  let file: FileHandle;
  try {
    file = await open(t.partial, from > 0 ? "a" : "w");
  } catch (error) {
    await response.body?.cancel();
    throw diskError(t, error);
  }
  let received = from;
  let oversize = false;
  options.onProgress?.(received, total);
  const reader = response.body?.getReader();
  try {
    while (reader) {
      const chunk = await reader.read().catch((error: unknown) => {
        throw isAbort(error, options.signal) ? cancelledError(t) : interruptedError(t, received, error);
      });
      if (chunk.done) break;
      const bytes: Uint8Array = chunk.value;
      if (received + bytes.length > total) {
        oversize = true;
        await reader.cancel();
        break;
      }
      hash?.update(bytes);
      await file.write(bytes).catch((error: unknown) => {
        throw diskError(t, error);
      });
      received += bytes.length;
      options.onProgress?.(received, total);
    }
  } finally {
    await file.close();
  }
  if (oversize) {
    await rm(t.partial, { force: true });
    throw corruptDownloadError(t, `the server sent more than the expected ${total} bytes`);
  }
  if (received < total) throw interruptedError(t, received, new Error("the connection closed early"));
  return hash ? hash.digest("hex") : null;
}

/**
 * Fetches `t` into its partial file (resuming one left by an interrupted run) and returns the
 * digest of the whole file, or null when the registry has no checksum.
 */
export async function transfer(
  t: DownloadTarget,
  modelsDir: string,
  options: TransferOptions,
): Promise<{ digest: string | null; resumedFrom: number }> {
  await mkdir(resolve(modelsDir), { recursive: true }).catch((error: unknown) => {
    throw diskError(t, error);
  });
  let existing = await fileSize(t.partial);
  if (existing > t.entry.sizeBytes) {
    await rm(t.partial, { force: true });
    existing = 0;
  }
  if (existing === t.entry.sizeBytes) {
    const checksum = t.entry.checksum;
    return {
      digest: checksum ? await hashFile(t.partial, checksum.algorithm) : null,
      resumedFrom: existing,
    };
  }
  const { response, from } = await openTransfer(t, existing, options);
  return { digest: await receive(t, response, from, options), resumedFrom: from };
}

/** Deletes the partial file and fails when its digest is not the registry's. */
export async function checkDigest(t: DownloadTarget, digest: string | null): Promise<void> {
  const expected = t.entry.checksum;
  if (expected && digest !== null && !checksumMatches(expected, digest)) {
    await rm(t.partial, { force: true });
    throw corruptDownloadError(
      t,
      `its ${expected.algorithm} is ${digest}, expected ${expected.value}`,
    );
  }
}

/** Checks checksum and header of the finished partial file; deletes it when it is bad. */
async function verifyPartial(t: DownloadTarget, digest: string | null): Promise<ModelInfo> {
  await checkDigest(t, digest);
  try {
    return await validateModelFile(t.partial, { expectedBytes: t.entry.sizeBytes });
  } catch (error) {
    if (!isEngineError(error) || error.code !== "MODEL_INVALID") throw error;
    await rm(t.partial, { force: true });
    const reason = error.cause instanceof ModelFormatError ? error.cause.message : error.message;
    throw corruptDownloadError(t, `it is not a whisper.cpp model (${reason})`, error);
  }
}

/** Downloads a registry model into `modelsDir`: resumable, checksum-verified, renamed into place. */
export async function downloadModel(
  name: string,
  modelsDir: string,
  options: DownloadModelOptions = {},
): Promise<DownloadedModel> {
  const registry = options.registry ?? MODEL_REGISTRY;
  const entry = findModel(name, registry);
  if (!entry) {
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `Unknown model "${name}". Known models: ${knownNamesHint(registry)}.`,
    );
  }
  const path = join(resolve(modelsDir), entry.fileName);
  const t: DownloadTarget = {
    entry,
    url: modelDownloadUrl(entry, options.baseUrl),
    target: path,
    partial: `${path}.partial`,
  };
  const result = { name, path, resumedFrom: 0, alreadyInstalled: false };
  if (!options.force && (await fileSize(path)) === entry.sizeBytes) {
    const info = await validateModelFile(path, { registry }).catch(() => null);
    if (info) return { ...result, alreadyInstalled: true, checksumVerified: false, info };
  }
  const transferred = await transfer(t, modelsDir, options);
  result.resumedFrom = transferred.resumedFrom;
  const digest = transferred.digest;
  const info = await verifyPartial(t, digest);
  await rename(t.partial, path).catch((error: unknown) => {
    throw diskError(t, error);
  });
  return { ...result, checksumVerified: entry.checksum !== null, info: { ...info, path } };
}

/** The outcome of downloadDiarizationModel. */
export interface DownloadedFile {
  name: string;
  /** Absolute path of the installed file. */
  path: string;
  /** Bytes reused from an earlier interrupted download (0 for a fresh one). */
  resumedFrom: number;
  /** True when a file with the registry's checksum was already there. */
  alreadyInstalled: boolean;
  checksumVerified: boolean;
}

/**
 * Downloads a diarization model (see DIARIZATION_MODEL_REGISTRY) into `modelsDir` the way
 * downloadModel fetches whisper models: resumable, progress, the VERBATIM_MODEL_BASE_URL mirror,
 * size and SHA-256 checked before the file is renamed into place.
 */
export async function downloadDiarizationModel(
  name: string,
  modelsDir: string,
  options: Omit<DownloadModelOptions, "registry"> & {
    /** Registry to look `name` up in (tests); defaults to DIARIZATION_MODEL_REGISTRY. */
    registry?: readonly DiarizationModelEntry[];
  } = {},
): Promise<DownloadedFile> {
  const registry = options.registry ?? DIARIZATION_MODEL_REGISTRY;
  const entry = findDiarizationModel(name, registry);
  if (!entry) {
    const known = registry.map((model) => model.name).join(", ");
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `Unknown diarization model "${name}". Known: ${known}.`,
    );
  }
  const path = join(resolve(modelsDir), entry.fileName);
  const t: DownloadTarget = {
    entry,
    url: modelDownloadUrl(entry, options.baseUrl),
    target: path,
    partial: `${path}.partial`,
  };
  const result = { name, path, alreadyInstalled: false, checksumVerified: entry.checksum !== null };
  if (!options.force && (await fileSize(path)) === entry.sizeBytes) {
    const digest = entry.checksum ? await hashFile(path, entry.checksum.algorithm) : null;
    if (!entry.checksum || (digest && checksumMatches(entry.checksum, digest)))
      return { ...result, resumedFrom: 0, alreadyInstalled: true };
  }
  const { digest, resumedFrom } = await transfer(t, modelsDir, options);
  await checkDigest(t, digest);
  await rename(t.partial, path).catch((error: unknown) => {
    throw diskError(t, error);
  });
  return { ...result, resumedFrom };
}
