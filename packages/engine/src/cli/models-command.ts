import { EngineError } from "../errors.js";
import {
  downloadModel,
  listInstalledModels,
  MODEL_REGISTRY,
  verifyInstalledModel,
} from "../models/index.js";
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
  const rows = MODEL_REGISTRY.map((entry) => {
    const local = byName.get(entry.name);
    const state = local ? (local.problem ? "invalid" : "installed") : "";
    return `${entry.name.padEnd(22)} ${megabytes(entry.sizeBytes).padStart(8)}  ${state}`;
  });
  const extra = installed
    .filter((model) => !model.entry)
    .map(
      (model) =>
        `${model.name.padEnd(22)} ${megabytes(model.sizeBytes).padStart(8)}  ${model.problem ? "invalid" : "installed (unlisted)"}`,
    );
  process.stdout.write(`Models in ${modelsDir}:\n${[...rows, ...extra].join("\n")}\n`);
}

async function download(name: string, modelsDir: string): Promise<void> {
  const bar = new ProgressBar();
  try {
    const result = await downloadModel(name, modelsDir, {
      onProgress: (received, total) =>
        bar.update(
          total ? received / total : 0,
          `${name}: ${megabytes(received)} of ${total ? megabytes(total) : "?"}`,
        ),
    });
    bar.done();
    const what = result.alreadyInstalled ? "Already installed" : "Downloaded";
    const resumed = result.resumedFrom > 0 ? `, resumed from ${megabytes(result.resumedFrom)}` : "";
    process.stderr.write(`${what}: ${name} (${result.path}${resumed})\n`);
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
      await verifyInstalledModel(name, modelsDir);
      process.stdout.write(`${name}: ok\n`);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      process.stdout.write(`${name}: ${error.message}\n`);
      failed ??= error;
    }
  }
  if (failed) throw new EngineError(failed.code, "Some models failed verification (see above).");
}

function usage(message: string): EngineError {
  return new EngineError("INVALID_OPTIONS", message);
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1_048_576)} MB`;
}
