// The CLI's edges a user meets: a TXT transcript ends with a newline, and Ctrl+C exits 130.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureRandomModel } from "./support/random-model.js";
import { JFK_MP3 } from "./helpers/media-files.js";
import { runCli } from "./helpers/run-cli.js";

const BIN = resolve(import.meta.dirname, "../bin/verbatim.js");
let model: string;

beforeAll(async () => {
  model = await ensureRandomModel("tiny");
});

describe("verbatim transcribe, at its edges", () => {
  it("ends a TXT transcript with a newline", () => {
    const run = runCli(["transcribe", JFK_MP3, "--model", model, "-f", "txt", "--beam-size", "1"]);
    expect(run.status).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(1);
    expect(run.stdout.endsWith("\n")).toBe(true);
  }, 120_000);

  it("exits 130 on Ctrl+C", async () => {
    const child = spawn(process.execPath, [BIN, "transcribe", JFK_MP3, "--model", model], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // Interrupt once the model is loading or running.
    await new Promise((r) => setTimeout(r, 1_500));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((r) => child.on("close", (c) => r(c)));
    expect(code, stderr).toBe(130);
  }, 60_000);
});
