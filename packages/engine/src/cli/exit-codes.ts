import type { EngineErrorCode } from "../errors.js";

/** Exit codes of the CLI. */
export const EXIT = { ok: 0, failure: 1, usage: 2, badMedia: 3, badModel: 4 } as const;

/** The exit code for an engine error. */
export function exitCodeFor(code: EngineErrorCode): number {
  if (code.startsWith("INPUT_")) return EXIT.badMedia;
  if (code.startsWith("MODEL_")) return EXIT.badModel;
  if (code === "INVALID_OPTIONS") return EXIT.usage;
  return EXIT.failure;
}
