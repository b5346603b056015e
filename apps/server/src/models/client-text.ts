import { basename, resolve } from "node:path";
import type { Config } from "../config.js";

// What a client reads never shows the server's file paths (the models folder, a model given
// as a file): those are for the administrator, in the server's log and /api/health.

/** Whether a configured model is a file path rather than a registry name. */
function isPath(model: string): boolean {
  return model.includes("/") || model.includes("\\") || model.endsWith(".bin");
}

/** A configured model as a client sees it: a file path by its file name only. */
export function clientModelName(engineModel: string): string {
  return isPath(engineModel) ? basename(engineModel) : engineModel;
}

/**
 * `text` with the server's paths taken out: the models folder becomes "the server's models
 * folder", a model file given by path its file name.
 */
export function withoutServerPaths(
  text: string,
  config: Pick<Config, "modelsDir"> & { models?: Pick<Config["models"], "fast" | "accurate"> },
): string {
  let out = text;
  for (const model of config.models ? [config.models.fast, config.models.accurate] : []) {
    if (isPath(model)) out = out.split(model).join(basename(model));
  }
  for (const dir of new Set([resolve(config.modelsDir), config.modelsDir])) {
    if (dir.length > 1) out = out.split(dir).join("the server's models folder");
  }
  return out;
}
