import { execFile } from "node:child_process";

let cached: Promise<string> | null = null;

/** ffmpeg's version line ("ffmpeg version 5.1.9 …"), checked once per process. */
export function ffmpegVersion(): Promise<string> {
  cached ??= new Promise((resolve, reject) => {
    execFile(process.env.FFMPEG_PATH ?? "ffmpeg", ["-version"], (error, stdout) => {
      if (error) {
        cached = null;
        reject(error);
      } else resolve(stdout.split("\n")[0] ?? "ffmpeg");
    });
  });
  return cached;
}
