import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";

/**
 * Reads `.env` (KEY=value lines, as Node's own --env-file parses them) into `env`. A variable
 * already set in the real environment wins over the file. A missing file is fine: every
 * setting has a default. Returns the file's absolute path when one was read.
 */
export function loadEnvFile(
  path = ".env",
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (value !== undefined && env[key] === undefined) env[key] = value;
  }
  return file;
}
