import { constants } from "node:fs";
import { access, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { EngineError } from "../errors.js";
import { exportExtension } from "@verbatim/formats/export-formats";
import type { OutputFormat } from "./output-formats.js";
import { OutputError } from "./output-error.js";

/** Where each input's transcript goes, per format: a file path, or "-" for standard output. */
export type OutputTarget = (stem: string, format: OutputFormat) => string;

/** How the user asked for output. */
export interface OutputRequest {
  /** `-o`: a file, or "-"; only for one input in one format. */
  output?: string;
  /** `--output-dir`: files named after the inputs. */
  outputDir?: string;
  inputs: number;
  formats: number;
}

/**
 * Decides where transcripts go, and checks that they can be written there before any work:
 * one input in one format goes to standard output unless `-o` or `--output-dir` says
 * otherwise; several go to files named after the inputs (`talk.srt`, `talk.vtt`), in
 * `--output-dir` (made when missing) or else in the current folder.
 */
export async function planOutputs(request: OutputRequest): Promise<OutputTarget> {
  const single = request.inputs === 1 && request.formats === 1;
  if (request.output !== undefined && request.outputDir !== undefined) {
    throw new EngineError("INVALID_OPTIONS", "Give either --output or --output-dir, not both.");
  }
  if (request.output !== undefined) {
    if (!single) {
      throw new EngineError(
        "INVALID_OPTIONS",
        "--output takes one input in one format; for several, use --output-dir <folder>.",
      );
    }
    const output = request.output;
    if (output !== "-") await checkFolderFor(output);
    return () => output;
  }
  if (single && request.outputDir === undefined) return () => "-";
  const dir = request.outputDir ?? ".";
  await makeFolder(dir);
  return (stem, format) => join(dir, `${stem}.${exportExtension(format)}`);
}

/** The file's folder must exist and take new files. */
async function checkFolderFor(file: string): Promise<void> {
  const folder = dirname(resolve(file));
  const found = await stat(folder).catch(() => undefined);
  if (!found) {
    throw new OutputError(`Cannot write ${file}: the folder ${folder} does not exist.`);
  }
  if (!found.isDirectory()) {
    throw new OutputError(`Cannot write ${file}: ${folder} is a file, not a folder.`);
  }
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) {
    throw new OutputError(`Cannot write ${file}: it is a folder; give a file name.`);
  }
  await access(folder, constants.W_OK).catch(() => {
    throw new OutputError(`Cannot write ${file}: no permission to write in ${folder}.`);
  });
}

/** Makes the output folder (and its parents) if needed; it must take new files. */
export async function makeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "EEXIST" || code === "ENOTDIR"
        ? "a file is in the way"
        : code === "EACCES" || code === "EPERM"
          ? "no permission"
          : (code ?? String(error));
    throw new OutputError(`Cannot make the output folder ${dir}: ${why}.`);
  }
  await access(dir, constants.W_OK).catch(() => {
    throw new OutputError(`Cannot write in the output folder ${dir}: no permission.`);
  });
}

/**
 * Writes a transcript (text as UTF-8, or bytes); a file is written whole or not at all (written aside, then renamed). A
 * target that is not a regular file (/dev/null, a named pipe, a terminal) is written to as it
 * is: renaming onto it would replace the device itself (as root, /dev/null for everyone).
 */
export async function writeOutput(text: string | Uint8Array, target: string): Promise<void> {
  if (target === "-") {
    process.stdout.write(text);
    return;
  }
  const existing = await stat(target).catch(() => null);
  if (existing && !existing.isFile() && !existing.isDirectory()) {
    try {
      await writeFile(target, text);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new OutputError(`Cannot write ${target}: ${code ?? String(error)}.`);
    }
  }
  const temporary = `${target}.partial-${process.pid}`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw new OutputError(`Cannot write ${target}: ${code ?? String(error)}.`);
  }
}
