import { execFileSync, spawn } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { readSrt } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePlumbingModel } from "./support/random-model.js";
import { unusedLocalPort } from "./support/test-file-server.js";
import {
  ffmpeg,
  JFK_MP3,
  NO_SPEECH_WAV,
  scratchDir,
  writeBadInputs,
} from "./helpers/media-files.js";
import { runCli } from "./helpers/run-cli.js";

const scratch = scratchDir();
let model: string;
const at = (name: string) => join(scratch.dir, name);

beforeAll(async () => {
  model = await ensurePlumbingModel();
  writeBadInputs(scratch.dir);
  writeFileSync(at("ggml-broken.bin"), Buffer.from("this is not a model at all"));
  // A file cut short: the header promises 11 s, only the first part is there.
  writeFileSync(at("cut.mp3"), readFileSync(JFK_MP3).subarray(0, 30_000));
  copyFileSync(JFK_MP3, at("my talk — 講話 ü.mp3"));
  // A folder of short recordings for the batch runs, and something that is not one.
  mkdirSync(at("talks"));
  ffmpeg("-i", JFK_MP3, "-t", "3", "-c:a", "copy", at("talks/first.mp3"));
  ffmpeg("-i", JFK_MP3, "-ss", "3", "-t", "3", "-ac", "1", at("talks/second.wav"));
  writeFileSync(at("talks/notes.md"), "not a recording");
}, 300_000);
afterAll(() => scratch.cleanup());

/** Exactly one line on stderr and no stack trace. */
function expectOneLineError(stderr: string): void {
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^verbatim: /);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe("verbatim transcribe", () => {
  it("writes SRT for a file whose name has spaces and non-ASCII characters", () => {
    const out = at("talk.srt");
    const run = runCli(["transcribe", at("my talk — 講話 ü.mp3"), "--model", model, "-o", out]);
    expect(run.status, run.stderr).toBe(0);
    const cues = readSrt(readFileSync(out, "utf8"));
    expect(cues.length).toBeGreaterThan(0);
    expect(cues.every((cue) => cue.end > cue.start && cue.start >= 0 && cue.end <= 11_500)).toBe(
      true,
    );
  });

  it("prints JSON to standard output with the measured duration", () => {
    const run = runCli(["transcribe", JFK_MP3, "--model", model, "-f", "json"]);
    expect(run.status, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as { duration: number; cues: unknown[] };
    expect(doc.duration).toBeGreaterThan(10_500);
    expect(doc.duration).toBeLessThan(11_500);
  });

  it("gives an empty transcript, not invented text, for a recording without speech", () => {
    const run = runCli(["transcribe", NO_SPEECH_WAV, "--model", model, "-f", "txt"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe("");
    expect(run.stderr).toMatch(/No speech was found/);
  });

  it("transcribes what a truncated MP3 holds and warns", () => {
    const run = runCli(["transcribe", at("cut.mp3"), "--model", model, "-f", "json"]);
    expect(run.status, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { duration: number }).duration).toBeLessThan(6_000);
    expect(run.stderr).toMatch(/truncated/);
  });

  it.each([
    ["an empty file", "empty.mp3", 3, /empty/],
    ["text renamed .mp3", "notes.mp3", 3, /not audio or video/],
    ["an MP3 cut to its first 400 bytes", "stub.mp3", 3, /not audio or video/],
    ["a video without audio", "video-only.mp4", 3, /no audio track/],
    ["a missing file", "absent.mp3", 3, /No such file/],
  ])("rejects %s with its exit code and writes nothing", (_label, name, code, message) => {
    const out = at(`out-${name}.srt`);
    const run = runCli(["transcribe", at(name), "--model", model, "-o", out]);
    expect(run.status).toBe(code);
    expect(run.stderr).toMatch(message);
    expectOneLineError(run.stderr);
    expect(readdirSync(scratch.dir).filter((f) => f.startsWith(`out-${name}`))).toEqual([]);
  });

  it("exits 4 when the model is missing, saying how to get it", () => {
    const run = runCli([
      "transcribe",
      JFK_MP3,
      "--model",
      "small",
      "--models-dir",
      at("no-models"),
    ]);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/models download small/);
    expectOneLineError(run.stderr);
  });

  it("exits 4 for a corrupt model file", () => {
    const run = runCli(["transcribe", JFK_MP3, "--model", at("ggml-broken.bin")]);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/not a valid whisper\.cpp model/);
    expectOneLineError(run.stderr);
  });

  it.each([
    [["transcribe"]],
    [["transcribe", JFK_MP3, "--format", "odt"]],
    [["transcribe", JFK_MP3, "--threads", "zero"]],
    [["transcribe", JFK_MP3, "--language", "klingon"]],
    [["transcribe", JFK_MP3, "--bogus"]],
    [["dance"]],
    [["transcribe", JFK_MP3, "--temperature", "1.5"]],
    [["transcribe", JFK_MP3, "--temperature", "hot"]],
  ])("exits 2 on usage errors: %j", (args) => {
    const run = runCli(args);
    expect(run.status).toBe(2);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it.each(["0", "9", "2.5", "many"])("exits 2 for --beam-size %s, naming the range", (beam) => {
    const run = runCli(["transcribe", JFK_MP3, "--model", model, "--beam-size", beam]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `verbatim: --beam-size must be a whole number from 1 to 8; 1 is greedy (got "${beam}").\n`,
    );
  });

  it("takes a prompt, a starting temperature and no fallback", () => {
    const run = runCli([
      ...["transcribe", JFK_MP3, "--model", model, "-f", "txt", "--beam-size", "1"],
      ...["--prompt", "Kennedy, fellow Americans", "--temperature", "0.2", "--no-fallback"],
    ]);
    expect(run.stderr).not.toMatch(/error|unknown option/i);
    expect(run.status).toBe(0);
  });

  it("shows help with exit code 0, the exit codes and npx", () => {
    const run = runCli(["transcribe", "--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/--chinese <script>/);
    expect(run.stdout).toMatch(/--output-dir <dir>/);
    expect(run.stdout).toMatch(
      /Exit codes:\n\s+0 +done[\s\S]+\n\s+5 +the output cannot be written/,
    );
    expect(run.stdout).toMatch(/npx verbatim transcribe/);
  });
});

describe("verbatim transcribe in batches", () => {
  const formats = ["srt", "vtt", "txt", "json"];

  it("transcribes a folder into every format at once, named after the inputs", () => {
    const out = at("batch-out/nested");
    const run = runCli([
      "transcribe",
      at("talks"),
      "--model",
      model,
      "--beam-size",
      "1",
      "-f",
      "srt,vtt,txt,json",
      "-d",
      out,
    ]);
    expect(run.status, run.stderr).toBe(0);
    // Nothing on standard output, nothing on standard error when it is not a terminal.
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("");
    expect(readdirSync(out).sort()).toEqual(
      ["first", "second"].flatMap((stem) => formats.map((f) => `${stem}.${f}`)).sort(),
    );
    expect(readSrt(readFileSync(join(out, "first.srt"), "utf8")).length).toBeGreaterThan(0);
    const doc = JSON.parse(readFileSync(join(out, "second.json"), "utf8")) as { duration: number };
    expect(doc.duration).toBeGreaterThan(2_500);
    expect(doc.duration).toBeLessThan(3_500);
  });

  it("takes several inputs and glob patterns, goes on past a bad file and exits with its code", () => {
    const out = at("glob-out");
    const run = runCli([
      "transcribe",
      at("talks/*.mp3"),
      at("notes.mp3"),
      at("talks/first.mp3"), // named twice: transcribed once
      "--model",
      model,
      "--beam-size",
      "1",
      "-f",
      "txt",
      "-d",
      out,
    ]);
    expect(run.status).toBe(3);
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^verbatim: .*notes\.mp3: .*not audio or video/),
    ]);
    expect(readdirSync(out)).toEqual(["first.txt"]);
    const none = runCli(["transcribe", at("talks/*.flac"), "--model", model]);
    expect(none.status).toBe(3);
    expect(none.stderr).toMatch(/No file matches .*\*\.flac/);
  });

  it("reads standard input given as -", () => {
    const run = runCli(
      ["transcribe", "-", "--model", model, "--beam-size", "1", "-f", "vtt"],
      {},
      {
        input: readFileSync(at("talks/first.mp3")),
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^WEBVTT/);
    expect(run.stderr).toBe("");
  });

  it("writes into a named pipe (or /dev/null) as it is, never replacing it with a file", async () => {
    const pipe = at("out.fifo");
    execFileSync("mkfifo", [pipe]);
    const copy = at("from-fifo.srt");
    const reader = spawn("sh", ["-c", `cat "${pipe}" > "${copy}"`]);
    const read = new Promise((resolve) => reader.on("exit", resolve));
    try {
      const run = runCli(["transcribe", JFK_MP3, "--model", model, "--beam-size", "1", "-o", pipe]);
      expect(run.status, run.stderr).toBe(0);
      await read;
      expect(statSync(pipe).isFIFO()).toBe(true);
      expect(readFileSync(copy, "utf8")).toMatch(/^1\n\d{2}:\d{2}:\d{2},\d{3} --> /);
    } finally {
      reader.kill();
    }
  });

  it("says plainly, before any work, when the output cannot be written", () => {
    const started = Date.now();
    const missing = runCli(["transcribe", JFK_MP3, "--model", model, "-o", at("nowhere/x.srt")]);
    expect(missing.status).toBe(5);
    expectOneLineError(missing.stderr);
    expect(missing.stderr).toMatch(/Cannot write .*x\.srt: the folder .*nowhere does not exist/);
    expect(missing.stderr).not.toMatch(/ENOENT/);
    writeFileSync(at("a-file"), "");
    const blocked = runCli(["transcribe", JFK_MP3, "--model", model, "-d", at("a-file/out")]);
    expect(blocked.status).toBe(5);
    expectOneLineError(blocked.stderr);
    expect(blocked.stderr).toMatch(/Cannot make the output folder .*a file is in the way/);
    expect(Date.now() - started).toBeLessThan(20_000); // refused before transcribing
  });

  it.each([
    [["-f", "srt,vtt", "-o", "x.srt"], /--output takes one input in one format/],
    [["-o", "x.srt", "-d", "out"], /either --output or --output-dir/],
    [["-f", "srt,odt"], /--format must be one of/],
  ])("refuses %j as a usage error", (extra, message) => {
    const run = runCli(["transcribe", JFK_MP3, "--model", model, ...extra]);
    expect(run.status).toBe(2);
    expectOneLineError(run.stderr);
    expect(run.stderr).toMatch(message);
  });

  it("refuses inputs whose outputs would overwrite each other", () => {
    mkdirSync(at("twin"));
    copyFileSync(at("talks/first.mp3"), at("twin/first.mp3"));
    const run = runCli([
      "transcribe",
      at("talks/first.mp3"),
      at("twin/first.mp3"),
      "--model",
      model,
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/named "first"/);
  });
});

describe("verbatim --version", () => {
  it("prints Verbatim's and whisper.cpp's versions, the backend and the model families", () => {
    const run = runCli(["--version"]);
    expect(run.status).toBe(0);
    const [verbatim, whisper, backend, families] = run.stdout.trim().split("\n");
    expect(verbatim).toMatch(/^verbatim \d+\.\d+\.\d+/);
    const [major, minor, patch] = /^whisper\.cpp (\d+)\.(\d+)\.(\d+)$/
      .exec(whisper ?? "")!
      .slice(1)
      .map(Number) as [number, number, number];
    expect(major * 10_000 + minor * 100 + patch).toBeGreaterThanOrEqual(10_901);
    // No GPU here: the CPU with the instruction sets ggml uses.
    expect(backend).toMatch(/^backend (CPU: [A-Z0-9_ ]+|CUDA: .+|VULKAN: .+)$/);
    // Which family a job runs on, and what runs each.
    expect(families).toMatch(
      /^model families whisper \(whisper\.cpp [\d.]+\), parakeet \(whisper\.cpp [\d.]+ parakeet\), sensevoice \(sherpa-onnx [\d.]+\)$/,
    );
  });
});

describe("verbatim models", () => {
  it("lists the registry and marks installed models", () => {
    const dir = at("models-listed");
    mkdirSync(dir);
    // The random-weight file has tiny's shape but not the published size: under tiny's
    // registry name it is invalid; under a name of its own it is a usable, unlisted model.
    symlinkSync(model, join(dir, "ggml-tiny.bin"));
    symlinkSync(model, join(dir, "ggml-my-tiny.bin"));
    writeFileSync(join(dir, "ggml-base.bin"), "not a model");
    const run = runCli(["models", "list", "--models-dir", dir]);
    expect(run.status, run.stderr).toBe(0);
    const state = (name: string) =>
      run.stdout.match(new RegExp(`^${name} +\\d+ MB *(.*)$`, "m"))?.[1];
    expect(run.stdout).toMatch(/large-v3-turbo/);
    expect(state("tiny")).toBe("invalid");
    expect(state("base")).toBe("invalid");
    expect(state("my-tiny")).toBe("installed (unlisted)");
    expect(state("small")).toBe(""); // not installed
  });

  it("explains an offline download failure in one line with exit code 4", async () => {
    const port = await unusedLocalPort(); // nothing listens there: like a machine with no network
    const run = runCli(["models", "download", "tiny", "--models-dir", at("models")], {
      VERBATIM_MODEL_BASE_URL: `http://127.0.0.1:${port}/models`,
    });
    expect(run.status).toBe(4);
    expectOneLineError(run.stderr);
    expect(run.stderr).toMatch(/ggml-tiny\.bin/);
    expect(run.stderr).toMatch(/offline/);
  });
});
