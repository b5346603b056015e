// Local language models (@verbatim/llm's catalog: translation, summaries, answers) are fetched
// by the same code as the speech models: resumable, the VERBATIM_MODEL_BASE_URL mirror, size
// and SHA-256 checked before the file is renamed into the models folder.
import { open, rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";

import { findLanguageModel, LANGUAGE_MODEL_CATALOG } from "@verbatim/llm";

import { EngineError } from "../errors.js";
import { corruptDownloadError, diskError, type DownloadTarget } from "./download-errors.js";
import { checkDigest, transfer, type DownloadedFile, type TransferOptions } from "./download-model.js";
import { checksumMatches, hashFile } from "./file-checksum.js";
import { modelDownloadUrl } from "./registry.js";

async function startsWithGguf(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.toString("latin1") === "GGUF";
  } finally {
    await file.close();
  }
}

/** Downloads a catalog language model (e.g. qwen3-1.7b-q4_k_m) into `modelsDir`. */
export async function downloadLanguageModel(
  name: string,
  modelsDir: string,
  options: TransferOptions & { force?: boolean } = {},
): Promise<DownloadedFile> {
  const entry = findLanguageModel(name);
  if (!entry) {
    const known = LANGUAGE_MODEL_CATALOG.map((model) => model.name).join(", ");
    throw new EngineError("MODEL_NOT_FOUND", `Unknown language model "${name}". Known: ${known}.`);
  }
  const path = join(resolve(modelsDir), entry.fileName);
  const t: DownloadTarget = {
    entry,
    url: modelDownloadUrl(entry, options.baseUrl),
    target: path,
    partial: `${path}.partial`,
  };
  const result = { name: entry.name, path, checksumVerified: entry.checksum !== null };
  const size = await stat(path).then(
    (s) => s.size,
    () => -1,
  );
  if (!options.force && size === entry.sizeBytes) {
    const digest = entry.checksum ? await hashFile(path, entry.checksum.algorithm) : null;
    if (!entry.checksum || (digest !== null && checksumMatches(entry.checksum, digest))) {
      return { ...result, resumedFrom: 0, alreadyInstalled: true };
    }
  }
  const { digest, resumedFrom } = await transfer(t, modelsDir, options);
  await checkDigest(t, digest);
  if (!(await startsWithGguf(t.partial))) {
    await rm(t.partial, { force: true });
    throw corruptDownloadError(t, "it is not a GGUF file");
  }
  await rename(t.partial, path).catch((error: unknown) => {
    throw diskError(t, error);
  });
  return { ...result, resumedFrom, alreadyInstalled: false };
}

/**
 * What @verbatim/llm's languageModelFromSettings takes as `downloadModel`: the local model
 * fetches its missing file in the background on first use (never at start-up: the speech
 * models come first), answering LLM_NOT_READY meanwhile.
 */
export function languageModelDownloader(
  modelsDir: string,
): (entry: { name: string }, signal: AbortSignal) => Promise<void> {
  return async (entry, signal) => {
    await downloadLanguageModel(entry.name, modelsDir, { signal });
  };
}
