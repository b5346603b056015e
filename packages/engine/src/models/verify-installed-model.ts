import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";

import { EngineError } from "../errors.js";
import { checksumMatches, hashFile } from "./file-checksum.js";
import { downloadCommands, installInstructions, knownNamesHint } from "./install-hints.js";
import {
  findModel,
  MODEL_REGISTRY,
  modelFileName,
  type Checksum,
  type ModelEntry,
} from "./registry.js";
import { validateModelFile, type ModelInfo } from "./validate-ggml.js";

/** The outcome of verifyInstalledModel. */
export interface VerifiedModel {
  /** Registry name. */
  name: string;
  /** Absolute path of the checked file. */
  path: string;
  /** The checksum the file matched, or null when the registry has none (only size and header checked). */
  checksum: Checksum | null;
  /** Header information of the file. */
  info: ModelInfo;
}

/** Options for verifyInstalledModel. */
export interface VerifyModelOptions {
  /** Registry to look `name` up in; defaults to MODEL_REGISTRY. */
  registry?: readonly ModelEntry[];
}

/** Re-hashes an installed model against the registry checksum (unregistered files: structure only). */
export async function verifyInstalledModel(
  name: string,
  modelsDir: string,
  options: VerifyModelOptions = {},
): Promise<VerifiedModel> {
  const registry = options.registry ?? MODEL_REGISTRY;
  const entry = findModel(name, registry);
  const dir = resolve(modelsDir);
  const path = join(dir, entry?.fileName ?? modelFileName(name));
  const exists = await stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!entry) {
    // An unregistered ggml-<name>.bin has no published checksum: check its structure only.
    if (exists) {
      return { name, path, checksum: null, info: await validateModelFile(path, { registry }) };
    }
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `Unknown model "${name}". Known models: ${knownNamesHint(registry)}.`,
    );
  }
  if (!exists) {
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `Model "${name}" is not installed: ${path} does not exist. ${installInstructions(entry, dir)}`,
    );
  }
  const info = await validateModelFile(path, { registry, expectedBytes: entry.sizeBytes });
  if (!entry.checksum) return { name, path, checksum: null, info };
  const digest = await hashFile(path, entry.checksum.algorithm);
  if (!checksumMatches(entry.checksum, digest)) {
    throw new EngineError(
      "MODEL_INVALID",
      `${path} is not a valid whisper.cpp model: its ${entry.checksum.algorithm} is ${digest}, ` +
        `expected ${entry.checksum.value}. Delete it and download it again with ` +
        `${downloadCommands(name)}.`,
    );
  }
  return { name, path, checksum: entry.checksum, info };
}
