import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { EngineError } from "../errors.js";

/** Paths of the ffmpeg tools; FFMPEG_PATH and FFPROBE_PATH override the ones on PATH. */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH ?? "ffmpeg";
}

/** See {@link ffmpegPath}. */
export function ffprobePath(): string {
  return process.env.FFPROBE_PATH ?? "ffprobe";
}

/**
 * The input argument for a local file: an absolute path behind the "file:" protocol, so that a
 * name with a colon ("a:b.mp3") or one naming another protocol ("concat:…", "http:…") is
 * only ever read as a file.
 */
export function fileInput(path: string): string {
  return `file:${resolve(path)}`;
}

/** Output of a finished tool run. */
export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an ffmpeg tool to completion, collecting its output; a missing binary is FFMPEG_MISSING. */
export function runTool(
  command: string,
  args: readonly string[],
  signal?: AbortSignal,
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      // Keep the tail only: a broken file can make ffmpeg print an error per frame.
      stderr = (stderr + chunk).slice(-16_384);
    });
    child.on("error", (error: NodeJS.ErrnoException) => reject(toolError(command, error)));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Turns a spawn failure into an engine error: ENOENT means the tool is not installed. */
export function toolError(command: string, error: NodeJS.ErrnoException): Error {
  if (error.code === "ENOENT") {
    return new EngineError(
      "FFMPEG_MISSING",
      `${command} was not found: install ffmpeg (e.g. "apt-get install ffmpeg") or set FFMPEG_PATH and FFPROBE_PATH.`,
    );
  }
  if (error.name === "AbortError") return new EngineError("CANCELLED", "Cancelled.");
  return error;
}
