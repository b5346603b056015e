import { fork } from "node:child_process";
import { getPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { engineNiceness } from "../src/pipeline/engine-niceness.js";

// The engine process runs below its parent's priority, so a transcription using every core
// never starves the server that answers requests on the same machine.

const ENGINE_PROCESS = fileURLToPath(
  new URL("../dist/pipeline/engine-process.js", import.meta.url),
);

/** Starts the engine process with `env` and waits (up to 5 s) for its niceness to be `expected`. */
async function engineProcessReaches(env: NodeJS.ProcessEnv, expected: number): Promise<number> {
  // Started as the runner starts it: the built code, without the tests' source conditions.
  const child = fork(ENGINE_PROCESS, [], {
    stdio: ["ignore", "ignore", "ignore", "ipc"],
    execArgv: [],
    env,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once("error", reject);
      child.once("spawn", () => resolve());
    });
    let niceness = getPriority(child.pid!);
    for (let i = 0; i < 250 && niceness !== expected; i++) {
      await new Promise((r) => setTimeout(r, 20));
      niceness = getPriority(child.pid!);
    }
    return niceness;
  } finally {
    child.kill("SIGKILL");
  }
}

describe("the engine process's priority", () => {
  it("is lowered to ENGINE_NICENESS (10 by default)", async () => {
    expect(getPriority()).toBe(0); // the tests' own process runs at the normal priority
    const env = { ...process.env };
    delete env.ENGINE_NICENESS;
    expect(await engineProcessReaches(env, 10)).toBe(10);
    expect(await engineProcessReaches({ ...env, ENGINE_NICENESS: "5" }, 5)).toBe(5);
  });

  it("reads ENGINE_NICENESS, falling back to 10 for what is not a niceness", () => {
    expect(engineNiceness({})).toBe(10);
    expect(engineNiceness({ ENGINE_NICENESS: "19" })).toBe(19);
    expect(engineNiceness({ ENGINE_NICENESS: "-5" })).toBe(10);
    expect(engineNiceness({ ENGINE_NICENESS: "high" })).toBe(10);
  });
});
