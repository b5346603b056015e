import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

const BIN = resolve(import.meta.dirname, "../../bin/verbatim.js");

/** Result of one `verbatim` run. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (npm test builds first) with arguments, as a user would. */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  { input, cwd }: { input?: Buffer; cwd?: string } = {},
): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
    ...(input ? { input } : {}),
    ...(cwd ? { cwd } : {}),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
