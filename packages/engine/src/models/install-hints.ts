import { join } from "node:path";

import { modelDownloadUrl, type DownloadableFile, type ModelEntry } from "./registry.js";

// One place for the sentences that tell a user how to get a model, so the CLI, the service log
// and /api/health all say the same thing.

/** The commands that download `name`: the installed CLI and the repository script. */
export function downloadCommands(name: string): string {
  return `\`verbatim models download ${name}\` (or, in a checkout, \`npm run models -- ${name}\`)`;
}

/** How to place the file by hand: which URL to fetch and the exact path to save it as. */
export function manualInstallHint(
  entry: DownloadableFile,
  modelsDir: string,
  baseUrl?: string,
): string {
  const target = join(modelsDir, entry.fileName);
  return `download ${modelDownloadUrl(entry, baseUrl)} in a browser and save it as ${target}`;
}

/** The full "what to do" sentence for a model that is not installed. */
export function installInstructions(
  entry: DownloadableFile,
  modelsDir: string,
  baseUrl?: string,
): string {
  return `Run ${downloadCommands(entry.name)}, or ${manualInstallHint(entry, modelsDir, baseUrl)}.`;
}

/** A short list of known names for "unknown model" messages. */
export function knownNamesHint(registry: readonly ModelEntry[], limit = 8): string {
  const plain = registry.filter((entry) => entry.quantization === null).map((entry) => entry.name);
  const shown = plain.slice(0, limit).join(", ");
  const more = registry.length - Math.min(limit, plain.length);
  return more > 0 ? `${shown} (and ${more} quantized or larger variants)` : shown;
}
