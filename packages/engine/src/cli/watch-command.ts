import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, rename, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { EngineError } from "../errors.js";
import { defaultModelsDir } from "../transcribe-file.js";
import { isMediaFileName, stemOf } from "./cli-inputs.js";
import { makeFolder, writeOutput } from "./cli-outputs.js";
import { OutputError } from "./output-error.js";
import { WATCH_STATE_FILE } from "./watch-state-file.js";
import { exportExtension } from "@verbatim/formats/export-formats";
import type { OutputFormat } from "./output-formats.js";
import {
  renderTranscription,
  type RenderedTranscription,
  type RenderOptions,
} from "./render-output.js";
import { ServerRefusedKey, transcribeOnServer, type ServerTarget } from "./server-transcriber.js";
import { diarizeOptionsFor } from "./speaker-options.js";
import { BatchFailure } from "./batch-failure.js";
import {
  parseTranscribeOptions,
  transcribeOne,
  type TranscribeCommandOptions,
} from "./transcribe-command.js";
import {
  loadWatchState,
  renamedFrom,
  saveWatchState,
  type WatchedFile,
  type WatchState,
} from "./watch-state.js";

// `verbatim watch DIR`: transcribes the audio and video files that appear in a folder. The
// folder is looked at every --poll seconds (polling, not file-system events: those are not
// delivered on the network drives such folders usually are); a file is taken once its size and
// modification time have not changed for --settle seconds (a copy or a recording still being
// written is left alone until it stops growing). The outputs go beside it or into --output-dir
// (`-d`, as `transcribe` says; `--out` is its older spelling); the
// state file remembers each file's size, time and content hash, so a restart does nothing
// twice and a renamed file is recognised (its outputs are renamed with it). Files go to the
// local engine, or with --server to a Verbatim server.

/** Options of `verbatim watch`, as commander parses them. */
export interface WatchCommandOptions extends Omit<
  TranscribeCommandOptions,
  "output" | "outputDir"
> {
  /** -d, --output-dir (`--out` is kept as another spelling of it). */
  outputDir?: string;
  out?: string;
  state?: string;
  /** Seconds between looks at the folder. */
  poll: string;
  /** Seconds a file must stay unchanged before it is taken. */
  settle: string;
  /** Take what is there (once it has settled), then exit. */
  once?: boolean;
  server?: string;
  apiKey?: string;
}

/** How a file looked when first seen at its present size and time, while it settles. */
interface Settling {
  size: number;
  mtimeMs: number;
  /** When it was first seen so (ms since the epoch). */
  since: number;
}

/** What a transcription gives the writers, whichever engine made it. */
type Transcribed = RenderedTranscription & { warnings?: string[] };

/**
 * Runs `verbatim watch` until Ctrl+C (or, with --once, until the folder has been done: then,
 * when a file failed, it ends as a batch of `transcribe` does, with the first failure's code).
 */
export async function watchCommand(dirArg: string, options: WatchCommandOptions): Promise<void> {
  const { formats, settings, render } = await parseTranscribeOptions(options);
  const pollMs = seconds(options.poll, "--poll") * 1000;
  const settleMs = seconds(options.settle, "--settle") * 1000;
  const server = serverTarget(options);
  const dir = resolve(dirArg);
  const found = await stat(dir).catch(() => undefined);
  if (!found?.isDirectory()) {
    throw new EngineError("INPUT_NOT_FOUND", `${dirArg} is not a folder.`);
  }
  if (options.outputDir !== undefined && options.out !== undefined) {
    throw new EngineError(
      "INVALID_OPTIONS",
      "--out is another spelling of --output-dir: give one.",
    );
  }
  const outFlag = options.outputDir ?? options.out;
  const outDir = outFlag !== undefined ? resolve(outFlag) : dir;
  await makeFolder(outDir);
  const statePath = resolve(options.state ?? join(outDir, WATCH_STATE_FILE));
  const state = await loadWatchState(statePath);

  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  // A long-running log: every event is a line on standard error, terminal or not.
  const tell = (line: string) => process.stderr.write(`verbatim: watch: ${line}\n`);
  const diarize = server
    ? undefined
    : await diarizeOptionsFor(
        options.speakers,
        options.voice ?? [],
        options.modelsDir ?? defaultModelsDir(),
        controller.signal,
      );
  const transcribe = (path: string, sha256: string): Promise<Transcribed> =>
    server
      ? transcribeOnServer(path, sha256, server, settings, controller.signal)
      : transcribeOne(path, {
          ...settings,
          controller,
          label: "",
          ...(diarize ? { diarize } : {}),
        });
  tell(
    `watching ${dir}: ${formats.join(", ")} into ${outDir}, ${server ? `sent to ${server.url}` : "on this computer"}`,
  );

  const settling = new Map<string, Settling>();
  /** The first failure of a file taken in this run (--once ends with its exit code). */
  let firstFailure: unknown;
  try {
    while (!controller.signal.aborted) {
      const names = await mediaFilesIn(dir);
      const present = new Set(names);
      for (const name of [...settling.keys()]) if (!present.has(name)) settling.delete(name);
      for (const name of names) {
        if (controller.signal.aborted) break;
        const info = await stat(join(dir, name)).catch(() => undefined);
        if (!info?.isFile()) continue;
        const known = state.files[name];
        if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) continue;
        const seen = settling.get(name);
        if (!seen || seen.size !== info.size || seen.mtimeMs !== info.mtimeMs) {
          // New, or still growing: wait until it has stayed so for --settle.
          settling.set(name, { size: info.size, mtimeMs: info.mtimeMs, since: Date.now() });
          continue;
        }
        if (Date.now() - seen.since < settleMs || info.size === 0) continue;
        settling.delete(name);
        const failure = await takeFile({
          dir,
          name,
          info,
          state,
          outDir,
          formats,
          render,
          present,
          transcribe,
          tell,
        });
        firstFailure ??= failure;
        await saveWatchState(statePath, state);
      }
      // --once: done when no file is waiting to settle (every one is in the state).
      if (options.once && settling.size === 0) break;
      await sleep(pollMs, undefined, { signal: controller.signal }).catch(() => undefined);
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
  tell("stopped");
  if (options.once && firstFailure !== undefined) throw new BatchFailure(firstFailure);
}

interface TakeFile {
  dir: string;
  name: string;
  info: { size: number; mtimeMs: number };
  state: WatchState;
  outDir: string;
  formats: readonly OutputFormat[];
  render: Omit<RenderOptions, "inputName">;
  /** The media files in the folder now. */
  present: ReadonlySet<string>;
  transcribe(path: string, sha256: string): Promise<Transcribed>;
  tell(line: string): void;
}

/**
 * One settled file: recognised by its content when it was renamed (its outputs follow its new
 * name), else transcribed and its outputs written; a failure is remembered with the file's
 * size and time, so it is tried again only once the file changes. A wrong API key or an output
 * folder that cannot be written ends the watch: no file could succeed. Returns the error of a
 * file that failed.
 */
async function takeFile(task: TakeFile): Promise<unknown> {
  const { dir, name, info, state, tell } = task;
  const path = join(dir, name);
  const sha256 = await hashFile(path);
  const at = new Date().toISOString();
  const oldName = renamedFrom(state, sha256, (other) => task.present.has(other));
  if (oldName !== undefined) {
    const before = state.files[oldName]!;
    const outputs = await moveOutputs(before.outputs, outputsFor(task, name));
    delete state.files[oldName];
    state.files[name] = { ...before, size: info.size, mtimeMs: info.mtimeMs, outputs, at };
    tell(`${oldName} was renamed ${name}: its outputs follow, nothing transcribed again`);
    return;
  }
  tell(`transcribing ${name}`);
  try {
    const result = await task.transcribe(path, sha256);
    for (const warning of result.warnings ?? []) tell(`warning: ${name}: ${warning}`);
    const outputs = outputsFor(task, name);
    for (const [i, format] of task.formats.entries()) {
      const rendered = await renderTranscription(result, format, {
        ...task.render,
        inputName: name,
      });
      await writeOutput(rendered, outputs[i]!);
      tell(`wrote ${outputs[i]!}`);
    }
    state.files[name] = record(info, sha256, "done", outputs, at);
  } catch (error) {
    if (error instanceof ServerRefusedKey || error instanceof OutputError) throw error;
    if (error instanceof Error && error.name === "AbortError") throw error;
    if (error instanceof EngineError && error.code === "CANCELLED") throw error;
    const message = error instanceof Error ? error.message : String(error);
    tell(`${name}: ${message}`);
    state.files[name] = { ...record(info, sha256, "failed", [], at), error: message };
    return error;
  }
  return undefined;
}

function record(
  info: { size: number; mtimeMs: number },
  sha256: string,
  status: WatchedFile["status"],
  outputs: string[],
  at: string,
): WatchedFile {
  return { size: info.size, mtimeMs: info.mtimeMs, sha256, status, outputs, at };
}

/**
 * Where a file's outputs go: `<name without extension>.<format>`, or the whole name
 * (`talk.wav.srt`) when another file of the state already writes there (talk.mp3 and talk.wav).
 */
function outputsFor(task: Pick<TakeFile, "outDir" | "formats" | "state">, name: string): string[] {
  const taken = new Set(
    Object.entries(task.state.files)
      .filter(([other]) => other !== name)
      .flatMap(([, file]) => file.outputs),
  );
  const named = (stem: string) =>
    task.formats.map((format) => join(task.outDir, `${stem}.${exportExtension(format)}`));
  const plain = named(stemOf(name));
  return plain.some((path) => taken.has(path)) ? named(name) : plain;
}

/** Renames a file's outputs to its new name's; those no longer there are left out. */
async function moveOutputs(from: readonly string[], to: readonly string[]): Promise<string[]> {
  const moved: string[] = [];
  for (const [i, old] of from.entries()) {
    const target = to[i];
    if (!target) continue;
    const ok =
      old === target ||
      (await rename(old, target).then(
        () => true,
        () => false,
      ));
    if (ok) moved.push(target);
  }
  return moved;
}

/** The media files directly in the folder (hidden files are not taken). */
async function mediaFilesIn(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((name) => !name.startsWith(".") && isMediaFileName(name)).sort();
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

function seconds(value: string, flag: string): number {
  const number = value.trim() === "" ? NaN : Number(value);
  if (!(number > 0 && number <= 3600)) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `${flag} must be a number of seconds above 0, at most 3600 (got "${value}").`,
    );
  }
  return number;
}

/** --server with --api-key (or $VERBATIM_API_KEY), or neither. */
function serverTarget(options: WatchCommandOptions): ServerTarget | undefined {
  if (options.server === undefined) {
    if (options.apiKey !== undefined) {
      throw new EngineError("INVALID_OPTIONS", "--api-key goes with --server URL.");
    }
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(options.server);
  } catch {
    throw new EngineError("INVALID_OPTIONS", `--server must be a URL (got "${options.server}").`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new EngineError("INVALID_OPTIONS", "--server must be an http:// or https:// URL.");
  }
  const apiKey = options.apiKey ?? process.env.VERBATIM_API_KEY;
  if (!apiKey) {
    throw new EngineError(
      "INVALID_OPTIONS",
      "--server needs an API key: --api-key KEY or $VERBATIM_API_KEY.",
    );
  }
  return { url: url.href, apiKey };
}
