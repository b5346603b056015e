import { fileURLToPath } from "node:url";

import { ensureRandomGguf } from "../src/testing/index.js";

/** `<repo>/.cache/models/`: generated models are cached there between runs (ignored by git). */
const CACHE = fileURLToPath(new URL("../../../.cache/models/", import.meta.url));

/** The tiny random qwen3 GGUF (bump the version when the generator changes). */
export function ensureTinyGguf(): Promise<string> {
  return ensureRandomGguf(`${CACHE}llm-random-qwen3-tiny-v1.gguf`, "tiny");
}
