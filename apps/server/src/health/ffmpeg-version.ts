import { execFile } from "node:child_process";

/** ffmpeg's version line ("ffmpeg version 5.1.9 …"). */
export function ffmpegVersion(): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.env.FFMPEG_PATH ?? "ffmpeg", ["-version"], (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout.split("\n")[0] ?? "ffmpeg");
    });
  });
}
