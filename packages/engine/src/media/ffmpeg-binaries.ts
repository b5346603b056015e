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
  /** The signal that ended the tool (killed, crashed), if one did. */
  signal: NodeJS.Signals | null;
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
    child.on("close", (code, exitSignal) => resolve({ code, signal: exitSignal, stdout, stderr }));
  });
}

/**
 * A tool that was killed or crashed (a signal, not an exit code) failed through no fault of the
 * file: the caller reports our failure instead of blaming the media.
 */
export function crashedTool(command: string, signal: NodeJS.Signals): EngineError {
  return new EngineError(
    "DECODER_FAILED",
    `The media decoder stopped unexpectedly (${signal}). This is a problem on our side, not with your file; please try again.`,
    { details: { tool: command.split("/").pop() ?? command, signal } },
  );
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
