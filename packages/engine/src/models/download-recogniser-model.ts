// Downloads a Parakeet file or a SenseVoice archive the way downloadModel fetches whisper.cpp
// models: resumable (a `.partial` file left by an interrupted run is continued), with progress,
// the VERBATIM_MODEL_BASE_URL mirror (files under their published names), size and SHA-256
// checked before anything is installed. An archive is then unpacked safely (unpack-archive.ts)
// into a temporary folder beside the models, checked, and renamed into place.
import { rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";

import { EngineError, isEngineError } from "../errors.js";
import { senseVoiceFiles } from "../recognisers/sensevoice-model.js";
import { corruptDownloadError, diskError, type DownloadTarget } from "./download-errors.js";
import {
  checkDigest,
  transfer,
  type DownloadedModel,
  type TransferOptions,
} from "./download-model.js";
import {
  findRecogniserModel,
  RECOGNISER_MODEL_REGISTRY,
  recogniserDownload,
  type RecogniserModelEntry,
} from "./recogniser-registry.js";
import { modelDownloadUrl } from "./registry.js";
import { installedRecogniserPath } from "./resolve-model.js";
import { unpackArchive, UnsafeArchiveError } from "./unpack-archive.js";
import { validateParakeetFile } from "./validate-parakeet.js";

/** Options for downloadRecogniserModel. */
export interface DownloadRecogniserOptions extends TransferOptions {
  /** Registry to look `name` up in (tests); defaults to RECOGNISER_MODEL_REGISTRY. */
  registry?: readonly RecogniserModelEntry[];
  /** Download again even when the model is already installed. */
  force?: boolean;
  /** Called when the download is complete and the archive is being unpacked. */
  onUnpacking?(): void;
}

/**
 * The outcome of downloadRecogniserModel: a Whisper download's, but for the header information
 * (`path` is the installed file, or the folder an archive was unpacked into).
 */
export type DownloadedRecogniserModel = Omit<DownloadedModel, "info">;

/** Checks the finished Parakeet file's tensors; deletes the partial file when it is not one. */
async function checkParakeet(t: DownloadTarget): Promise<void> {
  try {
    await validateParakeetFile(t.partial);
  } catch (error) {
    if (!isEngineError(error) || error.code !== "MODEL_INVALID") throw error;
    await rm(t.partial, { force: true });
    throw corruptDownloadError(t, "it is not a Parakeet model file", error);
  }
}

/** Unpacks the archive into a temporary folder, checks it, and renames it to the target. */
async function installArchive(
  t: DownloadTarget,
  entry: RecogniserModelEntry,
  options: DownloadRecogniserOptions,
): Promise<void> {
  const archive = entry.archive!;
  const unpacking = `${t.target}.unpacking`;
  await rm(unpacking, { recursive: true, force: true });
  options.onUnpacking?.();
  try {
    await unpackArchive(
      t.partial,
      unpacking,
      { maxBytes: archive.maxUnpackedBytes, maxEntries: archive.maxEntries },
      options.signal ? { signal: options.signal } : {},
    );
    if (entry.family === "sensevoice" && !senseVoiceFiles(unpacking)) {
      throw new UnsafeArchiveError(
        "it has no SenseVoice model in it (model.int8.onnx or model.onnx, and tokens.txt)",
      );
    }
  } catch (error) {
    await rm(unpacking, { recursive: true, force: true });
    if (error instanceof UnsafeArchiveError) {
      await rm(t.partial, { force: true });
      throw corruptDownloadError(t, `the archive cannot be used: ${error.message}`, error);
    }
    throw new EngineError(
      options.signal?.aborted ? "CANCELLED" : "MODEL_DOWNLOAD_FAILED",
      `Could not unpack model "${entry.name}" into ${unpacking}: ${error instanceof Error ? error.message : String(error)}. Run the command again.`,
      { cause: error },
    );
  }
  try {
    await rm(t.target, { recursive: true, force: true });
    await rename(unpacking, t.target);
  } catch (error) {
    throw diskError(t, error);
  }
  await rm(t.partial, { force: true });
}

/**
 * Downloads a Parakeet or SenseVoice registry model into `modelsDir`: resumable, size and
 * SHA-256 checked, an archive unpacked safely into a temporary folder and renamed into place.
 */
export async function downloadRecogniserModel(
  name: string,
  modelsDir: string,
  options: DownloadRecogniserOptions = {},
): Promise<DownloadedRecogniserModel> {
  const registry = options.registry ?? RECOGNISER_MODEL_REGISTRY;
  const entry = findRecogniserModel(name, registry);
  if (!entry) {
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `Unknown model "${name}". Known: ${registry.map((e) => e.name).join(", ")}.`,
    );
  }
  const dir = resolve(modelsDir);
  if (!options.force) {
    const present = await installedRecogniserPath(entry, dir);
    if (present) {
      return { name, path: present, resumedFrom: 0, alreadyInstalled: true, checksumVerified: false };
    }
  }
  const file = recogniserDownload(entry);
  const target = join(dir, entry.fileName);
  const t: DownloadTarget = {
    entry: file,
    url: modelDownloadUrl(file, options.baseUrl),
    target,
    partial: join(dir, `${entry.downloadName}.partial`),
  };
  const { digest, resumedFrom } = await transfer(t, dir, options);
  await checkDigest(t, digest);
  if (entry.archive) {
    await installArchive(t, entry, options);
  } else {
    if (entry.family === "parakeet") await checkParakeet(t);
    await rename(t.partial, target).catch((error: unknown) => {
      throw diskError(t, error);
    });
  }
  await stat(target);
  return { name, path: target, resumedFrom, alreadyInstalled: false, checksumVerified: file.checksum !== null };
}
