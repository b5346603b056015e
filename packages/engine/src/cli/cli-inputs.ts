import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, isAbsolute, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { glob, isDynamicPattern } from "tinyglobby";
import { EngineError } from "../errors.js";

/** Extensions of the audio and video files a folder given as input is searched for. */
const MEDIA_EXTENSIONS = new Set(
  (
    ".aac .aif .aiff .amr .ape .avi .caf .flac .flv .m4a .m4b .m4v .mka .mkv .mov .mp2 .mp3 .mp4 " +
    ".mpeg .mpg .mts .oga .ogg .ogv .opus .ts .wav .weba .webm .wma .wmv .3gp"
  ).split(" "),
);

/** Whether a file's name says it is audio or video (what a folder is searched for). */
export function isMediaFileName(name: string): boolean {
  return MEDIA_EXTENSIONS.has(extname(name).toLowerCase());
}

/** A media file's name without its extension. */
export function stemOf(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? path;
  const extension = extname(name);
  return extension && extension !== name ? name.slice(0, -extension.length) : name;
}

/**
 * The files the arguments name, in order, each once: files as they are, folders as the media
 * files directly in them, glob patterns (quoted, so the shell left them) as their matches, and
 * `-` as standard input. An argument that names nothing is an INPUT_NOT_FOUND error.
 */
export async function expandInputs(args: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (path: string) => {
    const key = path === "-" ? path : resolve(path);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(path);
  };
  for (const arg of args) {
    if (arg === "-") {
      add(arg);
      continue;
    }
    const found = await stat(arg).catch(() => undefined);
    if (found?.isDirectory()) {
      const names = (await readdir(arg)).filter(isMediaFileName);
      if (names.length === 0) {
        throw new EngineError(
          "INPUT_NOT_FOUND",
          `The folder ${arg} holds no audio or video files.`,
        );
      }
      for (const name of names.sort()) add(join(arg, name));
    } else if (found || !isDynamicPattern(arg)) {
      add(arg); // a file, or a missing one: transcribing it says what is wrong
    } else {
      const matches = await glob(arg, {
        onlyFiles: true,
        expandDirectories: false,
        absolute: isAbsolute(arg), // as the user wrote it: absolute or relative
      });
      if (matches.length === 0) {
        throw new EngineError("INPUT_NOT_FOUND", `No file matches ${arg}.`);
      }
      for (const match of matches.sort()) add(match);
    }
  }
  return files;
}

/** Copies standard input to a temporary file (media needs seeking), for as long as it is used. */
export async function spoolStandardInput(): Promise<{ path: string; remove(): Promise<void> }> {
  if (process.stdin.isTTY) {
    throw new EngineError(
      "INVALID_OPTIONS",
      "The input - reads standard input, but it is a terminal: pipe a file in (verbatim transcribe - < talk.mp3).",
    );
  }
  const dir = await mkdtemp(join(tmpdir(), "verbatim-stdin-"));
  const path = join(dir, "stdin");
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(process.stdin, createWriteStream(path));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, remove };
}
