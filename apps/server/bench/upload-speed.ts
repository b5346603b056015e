// Times a ~99 MiB WAV upload to POST /api/transcribe until its 202 (streamed to disk + ffprobe).
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { postMultipartFile } from "./multipart-post.js";

/** Upload timings in MB/s (10^6 bytes per second). */
export interface UploadFigures {
  bytes: number;
  runsMbPerSec: number[];
  bestMbPerSec: number;
  medianMbPerSec: number;
}

const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** A 16 kHz mono 16-bit sine WAV of 3240 s: 32000 B/s, just under 100 MiB. */
function makeWav(dir: string): string {
  const path = join(dir, "bench-upload.wav");
  const sine = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=16000", "-t", "3240"];
  const wav = ["-ac", "1", "-c:a", "pcm_s16le", path];
  execFileSync("ffmpeg", ["-v", "error", "-y", ...sine, ...wav]);
  const bytes = statSync(path).size;
  if (bytes >= MAX_UPLOAD_BYTES) throw new Error(`bench WAV is ${bytes} B, over the upload limit`);
  return path;
}

async function uploadOnce(
  base: string,
  headers: Record<string, string>,
  path: string,
): Promise<{ ms: number; id: string }> {
  const started = performance.now();
  const answer = await postMultipartFile(
    `${base}/api/transcribe`,
    path,
    { source: "file", model: "whisper-1" },
    { ...headers, prefer: "respond-async" },
  );
  const ms = performance.now() - started;
  if (answer.status !== 202) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
  const { id } = JSON.parse(answer.body) as { id: string };
  return { ms, id };
}

/** Uploads the file `runs` times, cancelling each queued job, and reports MB/s. */
export async function measureUploads(
  base: string,
  headers: Record<string, string>,
  scratchDir: string,
  runs = 3,
): Promise<UploadFigures> {
  const path = makeWav(scratchDir);
  const bytes = statSync(path).size;
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { ms, id } = await uploadOnce(base, headers, path);
    rates.push(bytes / 1e6 / (ms / 1000));
    await fetch(`${base}/api/transcriptions/${id}/cancel`, { method: "POST", headers });
  }
  const sorted = [...rates].sort((a, b) => a - b);
  return {
    bytes,
    runsMbPerSec: rates,
    bestMbPerSec: sorted[sorted.length - 1] ?? 0,
    medianMbPerSec: sorted[Math.floor(sorted.length / 2)] ?? 0,
  };
}
