import { spawn } from "node:child_process";
import { crashedTool, ffmpegPath, toolError } from "./ffmpeg-binaries.js";
import { EngineError } from "../errors.js";

// Shot changes (hard cuts) in a video, for timing subtitles to them: ffmpeg's scene score (the
// `select` filter's `scene` variable: how much a frame differs from the one before, 0 to 1), on
// frames scaled down to 160 pixels wide (the score compares whole frames; the size changes it
// little and the work a lot). A frame scoring over the threshold starts a new shot.
// Measured on a generated video with hard cuts at frames 50 and 90 of 25 fps (test): both found
// on their frame, nothing else.

/** The scene score over which a frame starts a new shot (ffmpeg's documented example uses 0.4). */
export const SHOT_CHANGE_THRESHOLD = 0.3;
/** Most shot changes kept: a video of flashing frames would otherwise make a list without end. */
export const MAX_SHOT_CHANGES = 20_000;

/**
 * The times (ms, rounded) of the first frames of new shots, in order. Runs ffmpeg in its own
 * process (the worker's, never the API's event loop), stopped by `signal` and after `timeoutMs`.
 */
export function detectShotChanges(
  input: string,
  { signal, timeoutMs = 600_000 }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<number[]> {
  const args = [
    "-hide_banner",
    "-nostats",
    "-nostdin",
    "-i",
    input,
    "-map",
    "0:v:0",
    "-an",
    "-sn",
    "-vf",
    `scale=160:-2,select='gt(scene,${SHOT_CHANGE_THRESHOLD})',metadata=print:file=-`,
    "-f",
    "null",
    "-",
  ];
  const stop = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "pipe"], signal: stop });
    const times: number[] = [];
    let pending = "";
    let stderr = "";
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.name === "AbortError" && !signal?.aborted) {
        reject(new EngineError("DECODER_FAILED", "Finding shot changes took too long."));
      } else reject(toolError(ffmpegPath(), error));
    });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const time = /pts_time:(\d+(?:\.\d+)?)/.exec(line)?.[1];
        if (time !== undefined && times.length < MAX_SHOT_CHANGES) {
          times.push(Math.round(Number(time) * 1000));
        }
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    child.on("close", (code, exitSignal) => {
      if (exitSignal && !stop.aborted) return reject(crashedTool(ffmpegPath(), exitSignal));
      if (code !== 0) {
        return reject(
          new EngineError("DECODER_FAILED", "Could not read the video for shot changes.", {
            details: { tool: "ffmpeg", exitCode: code ?? -1, stderr: stderr.slice(-500) },
          }),
        );
      }
      resolve(times);
    });
  });
}
