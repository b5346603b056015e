import { readdir, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

import { EngineError, isEngineError } from "../errors.js";
import type { RecogniserFamily } from "../recognisers/recogniser.js";
import { senseVoiceFiles } from "../recognisers/sensevoice-model.js";
import { probeSenseVoiceFolder } from "../recognisers/sensevoice-probe.js";
import { downloadCommands, installInstructions, knownNamesHint } from "./install-hints.js";
import {
  familyOfModelPath,
  findRecogniserModel,
  recogniserEntryForFile,
  type RecogniserModelEntry,
} from "./recogniser-registry.js";
import { findModel, findModelByFileName, MODEL_REGISTRY, type ModelEntry } from "./registry.js";
import { validateModelFile, type ModelInfo } from "./validate-ggml.js";
import { validateParakeetFile } from "./validate-parakeet.js";

/** A model file that exists and passed validation. */
export interface ResolvedModel {
  /** Registry name when the model was named or its file name is a known one; otherwise null. */
  name: string | null;
  /** Absolute path of the model file (a folder for SenseVoice). */
  path: string;
  /** Which recogniser runs it. */
  family: RecogniserFamily;
  /** The whisper registry entry for `name`, or null for an unregistered file or another family. */
  entry: ModelEntry | null;
  /** The Parakeet or SenseVoice registry entry, when it is one. */
  recogniserEntry: RecogniserModelEntry | null;
  /** What validation read from a whisper file (null for the other families). */
  info: ModelInfo | null;
}

/** A model found in the models folder, valid or not. */
export interface InstalledModel {
  /** The name part of `ggml-<name>.bin`, or the Parakeet/SenseVoice registry name or file name. */
  name: string;
  /** Absolute path of the file (a folder for SenseVoice). */
  path: string;
  /** File size in bytes (a SenseVoice folder: its model file's). */
  sizeBytes: number;
  family: RecogniserFamily;
  /** The registry entry of that name, or null for an unregistered file. */
  entry: ModelEntry | null;
  /** The Parakeet or SenseVoice registry entry, when it is one. */
  recogniserEntry: RecogniserModelEntry | null;
  /** Whisper validation result when the file is usable (null otherwise and for other families). */
  info: ModelInfo | null;
  /** Why the file is unusable (a MODEL_INVALID message), or null. */
  problem: string | null;
}

/** Options shared by resolveModel and listInstalledModels. */
export interface ResolveModelOptions {
  /** Registry to look names up in; defaults to MODEL_REGISTRY. */
  registry?: readonly ModelEntry[];
  /** Download base URL quoted in "how to install" messages. */
  baseUrl?: string;
}

/** One validation per file version: a file's identity and version as stat tells them. */
interface Validated {
  version: string;
  registry: readonly ModelEntry[];
  result: Promise<ModelInfo>;
}

const validated = new Map<string, Validated>();

/**
 * validateModelFile, once per version of a file: the result (valid or MODEL_INVALID) is kept
 * while the file's size, mtime and inode stay the same, so listing the models folder or
 * resolving a configured model reads only stat for an unchanged file (validation reads the
 * header, the vocabulary and every tensor header: 0.1-0.3 s of work). Concurrent calls share
 * one validation. A file replaced or rewritten is validated again.
 */
async function validateOnce(path: string, registry: readonly ModelEntry[]): Promise<ModelInfo> {
  const stats = await stat(path).catch(() => null);
  if (!stats) return validateModelFile(path, { registry }); // says MODEL_NOT_FOUND
  const version = `${stats.size}:${stats.mtimeMs}:${stats.ino}:${stats.dev}`;
  const known = validated.get(path);
  if (known && known.version === version && known.registry === registry) return known.result;
  const result = validateModelFile(path, { registry });
  const entry: Validated = { version, registry, result };
  validated.set(path, entry);
  // Only the file's verdict is kept: an I/O error is asked again next time.
  result.catch((error: unknown) => {
    if (!isEngineError(error) && validated.get(path) === entry) validated.delete(path);
  });
  return result;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function looksLikePath(value: string): boolean {
  return value.includes("/") || value.includes("\\") || value.endsWith(".bin");
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

const parakeetChecked = new Map<string, { version: string; result: Promise<unknown> }>();

/** Validates a Parakeet file (once per version) or probes a SenseVoice folder (in a child). */
async function validateOtherFamily(
  family: Exclude<RecogniserFamily, "whisper">,
  path: string,
): Promise<void> {
  if (family === "sensevoice") return probeSenseVoiceFolder(path);
  const stats = await stat(path);
  const version = `${stats.size}:${stats.mtimeMs}:${stats.ino}`;
  let known = parakeetChecked.get(path);
  if (known?.version !== version) {
    known = { version, result: validateParakeetFile(path) };
    parakeetChecked.set(path, known);
    known.result.catch((error: unknown) => {
      if (!isEngineError(error) && parakeetChecked.get(path) === known) parakeetChecked.delete(path);
    });
  }
  await known.result;
}

function otherFamilyResult(
  path: string,
  family: Exclude<RecogniserFamily, "whisper">,
  recogniserEntry: RecogniserModelEntry | null,
  name: string | null,
): ResolvedModel {
  return { name, path, family, entry: null, recogniserEntry, info: null };
}

async function resolvePath(
  value: string,
  registry: readonly ModelEntry[],
  baseUrl: string | undefined,
): Promise<ResolvedModel> {
  const path = resolve(value);
  const folder = await isFolder(path);
  const family = familyOfModelPath(basename(path), folder);
  if (family !== "whisper") {
    const recogniserEntry = recogniserEntryForFile(basename(path)) ?? null;
    if (!folder && !(await isFile(path))) {
      throw new EngineError("MODEL_NOT_FOUND", `Model file ${path} does not exist.`);
    }
    await validateOtherFamily(family, path);
    return otherFamilyResult(path, family, recogniserEntry, recogniserEntry?.name ?? null);
  }
  const entry = findModelByFileName(basename(path), registry) ?? null;
  if (!(await isFile(path))) {
    const hint = entry ? ` ${installInstructions(entry, dirname(path), baseUrl)}` : "";
    throw new EngineError("MODEL_NOT_FOUND", `Model file ${path} does not exist.${hint}`);
  }
  const info = await validateOnce(path, registry);
  return { name: entry?.name ?? null, path, family, entry, recogniserEntry: null, info };
}

/** Where to get a Parakeet or SenseVoice model and where to put it. */
export function recogniserInstallHint(entry: RecogniserModelEntry, dir: string): string {
  const byHand =
    entry.family === "sensevoice"
      ? `download ${entry.url} and extract it into ${dir} (it makes the folder ${entry.fileName})`
      : `download ${entry.url} and save it as ${join(dir, entry.fileName)}`;
  return `Run ${downloadCommands(entry.name)}, or ${byHand}.`;
}

/** The model's file or folder in `dir` under its name or another it goes by; null when absent. */
export async function installedRecogniserPath(
  entry: RecogniserModelEntry,
  dir: string,
): Promise<string | null> {
  for (const fileName of [entry.fileName, ...entry.alsoFoundAs]) {
    const path = join(dir, fileName);
    const present = entry.family === "sensevoice" ? senseVoiceFiles(path) !== null : await isFile(path);
    if (present) return path;
  }
  return null;
}

/** Turns a model name (`base`) or a file path into a validated model file. */
export async function resolveModel(
  nameOrPath: string,
  modelsDir: string,
  options: ResolveModelOptions = {},
): Promise<ResolvedModel> {
  const registry = options.registry ?? MODEL_REGISTRY;
  const recogniserEntry = findRecogniserModel(nameOrPath);
  if (recogniserEntry) {
    const dir = resolve(modelsDir);
    const path = await installedRecogniserPath(recogniserEntry, dir);
    if (!path) {
      throw new EngineError(
        "MODEL_NOT_FOUND",
        `Model "${recogniserEntry.name}" is not installed: ${join(dir, recogniserEntry.fileName)} does not exist. ` +
          recogniserInstallHint(recogniserEntry, dir),
      );
    }
    await validateOtherFamily(recogniserEntry.family, path);
    return otherFamilyResult(path, recogniserEntry.family, recogniserEntry, recogniserEntry.name);
  }
  const entry = findModel(nameOrPath, registry);
  if (
    looksLikePath(nameOrPath) ||
    (!entry && ((await isFile(nameOrPath)) || (await isFolder(nameOrPath))))
  ) {
    return resolvePath(nameOrPath, registry, options.baseUrl);
  }
  if (!entry) {
    // Any whisper.cpp model placed in the models folder as ggml-<name>.bin is known by <name>,
    // as the folder's listing shows it.
    const placed = join(resolve(modelsDir), `ggml-${nameOrPath}.bin`);
    if (/^[\w.-]+$/.test(nameOrPath) && (await isFile(placed))) {
      const info = await validateOnce(placed, registry);
      return {
        name: nameOrPath,
        path: placed,
        family: "whisper",
        entry: null,
        recogniserEntry: null,
        info,
      };
    }
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `Unknown model "${nameOrPath}". Known models: ${knownNamesHint(registry)}. ` +
        "To use a model file directly, pass its path, or put it in the models folder as " +
        `ggml-${nameOrPath}.bin.`,
    );
  }
  const dir = resolve(modelsDir);
  const path = join(dir, entry.fileName);
  if (!(await isFile(path))) {
    throw new EngineError(
      "MODEL_NOT_FOUND",
      `Model "${entry.name}" is not installed: ${path} does not exist. ` +
        installInstructions(entry, dir, options.baseUrl),
    );
  }
  const info = await validateOnce(path, registry);
  return { name: entry.name, path, family: "whisper", entry, recogniserEntry: null, info };
}

/** Every `ggml-*.bin` file in `modelsDir` (none when the folder is missing), each validated. */
export async function listInstalledModels(
  modelsDir: string,
  options: ResolveModelOptions = {},
): Promise<InstalledModel[]> {
  const registry = options.registry ?? MODEL_REGISTRY;
  const dir = resolve(modelsDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const found: InstalledModel[] = [];
  for (const fileName of names.sort()) {
    const path = join(dir, fileName);
    const stats = await stat(path).catch(() => null);
    if (!stats) continue;
    const family = familyOfModelPath(fileName, stats.isDirectory());
    if (family !== "whisper") {
      const senseVoice = family === "sensevoice" ? senseVoiceFiles(path) : null;
      if (family === "sensevoice" ? !senseVoice : !/\.bin$/.test(fileName)) continue;
      const recogniserEntry = recogniserEntryForFile(fileName) ?? null;
      const sizeBytes = senseVoice ? (await stat(senseVoice.model)).size : stats.size;
      const base = {
        name: recogniserEntry?.name ?? fileName.replace(/\.bin$/, ""),
        path,
        sizeBytes,
        family,
        entry: null,
        recogniserEntry,
        info: null,
      };
      try {
        await validateOtherFamily(family, path);
        found.push({ ...base, problem: null });
      } catch (error) {
        if (!isEngineError(error)) throw error;
        found.push({ ...base, problem: error.message });
      }
      continue;
    }
    if (!stats.isFile() || !/^ggml-.+\.bin$/.test(fileName)) continue;
    const entry = findModelByFileName(fileName, registry) ?? null;
    const name = fileName.slice("ggml-".length, -".bin".length);
    const base = { name, path, sizeBytes: stats.size, family, entry, recogniserEntry: null };
    try {
      const info = await validateOnce(path, registry);
      found.push({ ...base, info, problem: null });
    } catch (error) {
      if (!isEngineError(error)) throw error;
      found.push({ ...base, info: null, problem: error.message });
    }
  }
  const rank = (model: InstalledModel): number =>
    model.entry ? registry.indexOf(model.entry) : registry.length;
  return found.sort((a, b) => rank(a) - rank(b));
}
