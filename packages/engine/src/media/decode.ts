import { spawn } from "node:child_process";
import { EngineError } from "../errors.js";
import { fileInput, ffmpegPath, toolError } from "./ffmpeg-binaries.js";

/** Whisper's input: 16 kHz mono float PCM. */
export const SAMPLE_RATE = 16_000;

/**
 * Decodes the first audio stream of a file to 16 kHz mono float PCM, streamed in blocks.
 * Memory stays flat whatever the length: the consumer pulls blocks and ffmpeg waits
 * (pipe back-pressure) while the consumer is busy.
 */
export async function* decodePcm(path: string, signal?: AbortSignal): AsyncGenerator<Float32Array> {
  const args = [
    ...["-nostdin", "-hide_banner", "-v", "error", "-i", fileInput(path)],
    ...["-map", "0:a:0", "-vn", "-sn", "-dn", "-ac", "1", "-ar", String(SAMPLE_RATE)],
    ...["-f", "f32le", "-acodec", "pcm_f32le", "pipe:1"],
  ];
  const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-8_192);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) => reject(toolError(ffmpegPath(), error)));
    child.on("close", (code) => resolve(code));
  });
  exited.catch(() => undefined); // observed below; avoid an unhandled rejection meanwhile
  const abort = () => child.kill("SIGKILL");
  signal?.addEventListener("abort", abort, { once: true });

  let carry = Buffer.alloc(0);
  let samples = 0;
  try {
    for await (const data of child.stdout as AsyncIterable<Buffer>) {
      const bytes = carry.length ? Buffer.concat([carry, data]) : data;
      const usable = bytes.length - (bytes.length % 4);
      carry = Buffer.from(bytes.subarray(usable));
      if (usable === 0) continue;
      // Copy into an aligned buffer: a Node Buffer's offset need not be a multiple of 4.
      const block = new Float32Array(usable / 4);
      new Uint8Array(block.buffer).set(bytes.subarray(0, usable));
      samples += block.length;
      yield block;
    }
    const code = await exited;
    if (signal?.aborted) throw new EngineError("CANCELLED", "Cancelled.");
    if (code !== 0 && samples === 0) {
      throw new EngineError("INPUT_CORRUPT", `The audio could not be decoded: ${lastLine(stderr)}`);
    }
  } finally {
    signal?.removeEventListener("abort", abort);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return (lines[lines.length - 1] ?? "unknown error").replace(/^\[[^\]]+\]\s*/, "");
}
