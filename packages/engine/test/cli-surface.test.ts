// The CLI's edges a user meets: a TXT transcript ends with a newline, Ctrl+C exits 130 with
// only the CLI's own line, and a file the user may not read is said to be that.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePlumbingModel } from "./support/random-model.js";
import { ffmpeg, JFK_MP3, scratchDir } from "./helpers/media-files.js";
import { runCli } from "./helpers/run-cli.js";

const BIN = resolve(import.meta.dirname, "../bin/verbatim.js");
let model: string;

const scratch = scratchDir();
beforeAll(async () => {
  model = await ensurePlumbingModel();
});
afterAll(() => scratch.cleanup());

/** Unprivileged user and group ("nobody"): root reads any file, whatever its mode. */
const NOBODY = 65534;

describe("verbatim transcribe, at its edges", () => {
  it("ends a TXT transcript with a newline", () => {
    const run = runCli(["transcribe", JFK_MP3, "--model", model, "-f", "txt", "--beam-size", "1"]);
    expect(run.status).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(1);
    expect(run.stdout.endsWith("\n")).toBe(true);
  }, 120_000);

  it("exits 130 on Ctrl+C", async () => {
    // A minute of speech, so the job is still running when interrupted, however fast the machine.
    const long = join(scratch.dir, "long-for-sigint.mp3");
    ffmpeg("-stream_loop", "5", "-i", JFK_MP3, "-c", "copy", long);
    const child = spawn(process.execPath, [BIN, "transcribe", long, "--model", model], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const closed = new Promise<number | null>((r) => child.on("close", (c) => r(c)));
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // Interrupt once the model is loading or running.
    await new Promise((r) => setTimeout(r, 1_500));
    child.kill("SIGINT");
    expect(await closed, stderr).toBe(130);
  }, 60_000);

  it("shows only its own line on Ctrl+C, not the speech engine's log", async () => {
    // About a minute of speech, run on a terminal (script's pseudo-terminal, as a user sees it):
    // Ctrl+C is typed once the progress bar shows the transcription under way.
    const long = join(scratch.dir, "long.mp3");
    ffmpeg("-stream_loop", "5", "-i", JFK_MP3, "-c", "copy", long);
    const command = [
      process.execPath,
      BIN,
      "transcribe",
      long,
      "--model",
      model,
      "-o",
      `${long}.srt`,
    ];
    const child = spawn("script", ["-qfec", command.map((a) => `'${a}'`).join(" "), "/dev/null"], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let screen = "";
    const transcribing = new Promise<void>((started) =>
      child.stdout.on("data", (chunk: Buffer) => {
        screen += chunk.toString();
        if (/\d:\d\d \/ \d:\d\d/.test(screen)) started();
      }),
    );
    await transcribing;
    await new Promise((r) => setTimeout(r, 500));
    child.stdin.write("\x03");
    const code = await new Promise<number | null>((r) => child.on("close", (c) => r(c)));
    const lines = screen.split(/[\r\n]+/).filter((line) => line.trim() !== "");
    expect(lines.filter((line) => /whisper|ggml|encode|decode/i.test(line))).toEqual([]);
    expect(lines.at(-1)?.replace(/^\^C/, "")).toBe("verbatim: Cancelled.");
    expect(code, screen).toBe(130);
  }, 60_000);

  it.skipIf(process.getuid?.() !== 0)(
    "says a file it may not read cannot be read (permission denied), exit 3",
    () => {
      // A world-readable folder holding a file only root may read; the CLI runs as nobody.
      chmodSync(scratch.dir, 0o755);
      const secret = join(scratch.dir, "secret.mp3");
      copyFileSync(JFK_MP3, secret);
      chmodSync(secret, 0o600);
      const run = spawnSync(process.execPath, [BIN, "transcribe", secret, "--model", model], {
        encoding: "utf8",
        uid: NOBODY,
        gid: NOBODY,
        env: { ...process.env, HOME: scratch.dir },
        timeout: 60_000,
      });
      expect(run.stderr.trim()).toBe(`verbatim: Cannot read ${secret}: permission denied.`);
      expect(run.status).toBe(3);
    },
    60_000,
  );
});
