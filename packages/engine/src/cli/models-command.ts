import { EngineError } from "../errors.js";
import { stat } from "node:fs/promises";
import { join } from "node:path";

import {
  DIARIZATION_MODEL_REGISTRY,
  downloadDiarizationModel,
  downloadModel,
  downloadRecogniserModel,
  findDiarizationModel,
  findRecogniserModel,
  hashFile,
  listInstalledModels,
  MODEL_REGISTRY,
  RECOGNISER_MODEL_REGISTRY,
  recogniserInstallHint,
  verifyInstalledModel,
  WHISPER_LICENCE,
  type DiarizationModelEntry,
} from "../models/index.js";
import { findLanguageModel, LANGUAGE_MODEL_CATALOG } from "@verbatim/llm";

import { downloadLanguageModel } from "../models/download-language-model.js";
import { defaultModelsDir } from "../transcribe-file.js";
import { ProgressBar } from "./progress-bar.js";

/** Runs `verbatim models list|download|verify`. */
export async function modelsCommand(
  action: string,
  names: string[],
  options: { modelsDir?: string },
): Promise<void> {
  const modelsDir = options.modelsDir ?? defaultModelsDir();
  switch (action) {
    case "list":
      return listModels(modelsDir);
    case "download":
      if (names.length === 0)
        throw usage("Name the models to download, e.g. `verbatim models download base small`.");
      for (const name of names) await download(name, modelsDir);
      return;
    case "verify":
      return verify(names, modelsDir);
    default:
      throw usage(`Unknown action "${action}": use list, download or verify.`);
  }
}

async function listModels(modelsDir: string): Promise<void> {
  const installed = await listInstalledModels(modelsDir);
  const byName = new Map(installed.map((model) => [model.name, model]));
  const whisper = MODEL_REGISTRY.map((entry) => {
    const local = byName.get(entry.name);
    const state = local ? (local.problem ? "invalid" : "installed") : "";
    return `${entry.name.padEnd(22)} ${megabytes(entry.sizeBytes).padStart(8)}  ${state}`;
  });
  const others = RECOGNISER_MODEL_REGISTRY.map((entry) => {
    const local = byName.get(entry.name);
    const state = local ? (local.problem ? "invalid" : "installed") : "";
    const download = entry.archive ? "download (archive)" : "download";
    const checked = entry.sha256 ? "SHA-256 pinned" : "no published SHA-256: not verified";
    return (
      `${entry.name.padEnd(22)} ${megabytes(entry.sizeBytes).padStart(8)}  ${state.padEnd(9)}  ${entry.description}\n` +
      `${"".padEnd(22)} ${download} ${entry.sizeBytes.toLocaleString("en")} bytes, ${checked}\n` +
      `${"".padEnd(22)} languages: ${entry.languages.join(" ")}\n` +
      `${"".padEnd(22)} licence: ${entry.licence.name} (${entry.licence.url})\n` +
      (entry.licence.attribution ? `${"".padEnd(22)} ${entry.licence.attribution}\n` : "") +
      (local ? "" : `${"".padEnd(22)} ${recogniserInstallHint(entry, modelsDir)}\n`)
    );
  });
  const extra = installed
    .filter((model) => !model.entry && !model.recogniserEntry)
    .map(
      (model) =>
        `${model.name.padEnd(22)} ${megabytes(model.sizeBytes).padStart(8)}  ${model.problem ? "invalid" : "installed (unlisted)"}`,
    );
  const diarization = await Promise.all(
    DIARIZATION_MODEL_REGISTRY.map(async (entry) => {
      const size = await stat(join(modelsDir, entry.fileName)).then(
        (s) => s.size,
        () => null,
      );
      const state = size === null ? "" : size === entry.sizeBytes ? "installed" : "invalid";
      return `${entry.name.padEnd(26)} ${megabytes(entry.sizeBytes).padStart(8)}  ${state.padEnd(9)}  ${entry.description}`;
    }),
  );
  const language = await Promise.all(
    LANGUAGE_MODEL_CATALOG.map(async (entry) => {
      const size = await stat(join(modelsDir, entry.fileName)).then(
        (s) => s.size,
        () => null,
      );
      const state =
        size === null ? "" : size === entry.sizeBytes ? "installed" : "partial or invalid";
      const checked = entry.checksum ? "SHA-256 pinned" : "no published SHA-256: size checked only";
      return (
        `${entry.name.padEnd(22)} ${megabytes(entry.sizeBytes).padStart(8)}  ${state.padEnd(9)}  ${entry.description}\n` +
        `${"".padEnd(22)} download ${entry.sizeBytes.toLocaleString("en")} bytes, ${checked}\n` +
        `${"".padEnd(22)} licence: ${entry.licence.name} (${entry.licence.url})\n`
      );
    }),
  );
  process.stdout.write(
    `Models in ${modelsDir}:\n` +
      `Whisper (whisper.cpp; every language; licence ${WHISPER_LICENCE.name}):\n` +
      `${[...whisper, ...extra].join("\n")}\n` +
      `Parakeet (whisper.cpp's parakeet) and SenseVoice (sherpa-onnx):\n${others.join("")}` +
      `Speaker diarization models (for --speakers):\n${diarization.join("\n")}\n` +
      "Language models (translation, summaries, answers; optional: fetched on first use, or now\n" +
      `with \`verbatim models download NAME\`; LLM_BASE_URL uses your own server instead):\n${language.join("")}`,
  );
}

async function download(name: string, modelsDir: string): Promise<void> {
  const bar = new ProgressBar();
  try {
    const onProgress = (received: number, total: number) =>
      bar.update(
        total ? received / total : 0,
        `${name}: ${megabytes(received)} of ${total ? megabytes(total) : "?"}`,
      );
    // Every family and the diarization models share the download code and the models folder.
    const result = findLanguageModel(name)
      ? await downloadLanguageModel(name, modelsDir, { onProgress })
      : findDiarizationModel(name)
        ? await downloadDiarizationModel(name, modelsDir, { onProgress })
        : findRecogniserModel(name)
          ? await downloadRecogniserModel(name, modelsDir, {
              onProgress,
              onUnpacking: () => bar.update(1, `${name}: unpacking`),
            })
          : await downloadModel(name, modelsDir, { onProgress });
    bar.done();
    const what = result.alreadyInstalled ? "Already installed" : "Downloaded";
    const resumed = result.resumedFrom > 0 ? `, resumed from ${megabytes(result.resumedFrom)}` : "";
    const unverified =
      result.alreadyInstalled || result.checksumVerified
        ? ""
        : "; no published SHA-256 to check it against: size and format checked only";
    process.stderr.write(`${what}: ${name} (${result.path}${resumed}${unverified})\n`);
  } finally {
    bar.done();
  }
}

async function verify(names: string[], modelsDir: string): Promise<void> {
  const targets =
    names.length > 0 ? names : (await listInstalledModels(modelsDir)).map((m) => m.name);
  if (targets.length === 0) {
    process.stdout.write(`No models installed in ${modelsDir}.\n`);
    return;
  }
  let failed: EngineError | null = null;
  for (const name of targets) {
    try {
      const diarization = findDiarizationModel(name);
      if (diarization) await verifyDiarizationModel(diarization, modelsDir);
      else await verifyInstalledModel(name, modelsDir);
      process.stdout.write(`${name}: ok\n`);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      process.stdout.write(`${name}: ${error.message}\n`);
      failed ??= error;
    }
  }
  if (failed) throw new EngineError(failed.code, "Some models failed verification (see above).");
}

/** A diarization model is fine when its size and SHA-256 are the registry's. */
async function verifyDiarizationModel(entry: DiarizationModelEntry, modelsDir: string) {
  const path = join(modelsDir, entry.fileName);
  const size = await stat(path).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw new EngineError("DIARIZATION_MODEL_MISSING", `${path} does not exist.`);
  const digest = entry.checksum ? await hashFile(path, entry.checksum.algorithm) : null;
  if (size !== entry.sizeBytes || (entry.checksum && digest !== entry.checksum.value))
    throw new EngineError(
      "MODEL_INVALID",
      `${path} is not the published file (size or SHA-256 differ); download it again.`,
    );
}

function usage(message: string): EngineError {
  return new EngineError("INVALID_OPTIONS", message);
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1_048_576)} MB`;
}
