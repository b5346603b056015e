import { spawn } from "node:child_process";
import { EngineError } from "../errors.js";
import { safeInputOptions } from "./allowed-formats.js";
import { crashedTool, fileInput, ffmpegPath, toolError } from "./ffmpeg-binaries.js";

/** Whisper's input: 16 kHz mono float PCM. */
export const SAMPLE_RATE = 16_000;

/** Past the limit, audio is only counted (not passed on) up to this much, to report its length. */
const MAX_COUNTED_SAMPLES = 24 * 3600 * SAMPLE_RATE;

/**
 * Decodes the first audio stream of a file to 16 kHz mono float PCM, streamed in blocks.
 * Memory stays flat whatever the length: the consumer pulls blocks and ffmpeg waits
 * (pipe back-pressure) while the consumer is busy.
 *
 * With `maxMs`, no audio past that point is ever passed on: the rest is only counted, and the
 * stream ends with INPUT_LONGER_THAN_DECLARED naming the real length. A job never transcribes
 * more than was reserved for it, whatever the file's header said.
 */
export async function* decodePcm(
  path: string,
  signal?: AbortSignal,
  { maxMs }: { maxMs?: number } = {},
): AsyncGenerator<Float32Array> {
  const maxSamples = maxMs === undefined ? Infinity : Math.floor((maxMs * SAMPLE_RATE) / 1000);
  const args = [
    ...["-nostdin", "-hide_banner", "-v", "error", ...safeInputOptions(), "-i", fileInput(path)],
    ...["-map", "0:a:0", "-vn", "-sn", "-dn", "-ac", "1", "-ar", String(SAMPLE_RATE)],
    ...["-f", "f32le", "-acodec", "pcm_f32le", "pipe:1"],
  ];
  const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-8_192);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.on("error", (error: NodeJS.ErrnoException) => reject(toolError(ffmpegPath(), error)));
      child.on("close", (code, exitSignal) => resolve({ code, signal: exitSignal }));
    },
  );
  exited.catch(() => undefined); // observed below; avoid an unhandled rejection meanwhile
  let killedHere = false;
  const abort = () => {
    killedHere = true;
    child.kill("SIGKILL");
  };
  signal?.addEventListener("abort", abort, { once: true });

  let carry = Buffer.alloc(0);
  let samples = 0;
  try {
    for await (const data of child.stdout as AsyncIterable<Buffer>) {
      const bytes = carry.length ? Buffer.concat([carry, data]) : data;
      const usable = bytes.length - (bytes.length % 4);
      carry = Buffer.from(bytes.subarray(usable));
      if (usable === 0) continue;
      const count = usable / 4;
      if (samples + count > maxSamples) {
        // Over the limit: pass on what is left below it, then only count the rest.
        const allowed = Math.max(0, maxSamples - samples);
        if (allowed > 0) yield toFloats(bytes.subarray(0, allowed * 4));
        samples += count;
        if (samples > MAX_COUNTED_SAMPLES) abort();
        continue;
      }
      samples += count;
      yield toFloats(bytes.subarray(0, usable));
    }
    const { code, signal: exitSignal } = await exited;
    if (signal?.aborted) throw new EngineError("CANCELLED", "Cancelled.");
    if (samples > maxSamples) throw longerThanDeclared(samples, maxSamples);
    if (exitSignal && !killedHere) throw crashedTool(ffmpegPath(), exitSignal);
    if (code !== 0 && samples === 0) {
      throw new EngineError("INPUT_CORRUPT", `The audio could not be decoded: ${lastLine(stderr)}`);
    }
  } finally {
    signal?.removeEventListener("abort", abort);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

/** Copies PCM bytes into an aligned buffer: a Node Buffer's offset need not be a multiple of 4. */
function toFloats(bytes: Buffer): Float32Array {
  const block = new Float32Array(bytes.length / 4);
  new Uint8Array(block.buffer).set(bytes);
  return block;
}

function longerThanDeclared(samples: number, maxSamples: number): EngineError {
  const realMs = Math.round((samples * 1000) / SAMPLE_RATE);
  const allowedMs = Math.round((maxSamples * 1000) / SAMPLE_RATE);
  return new EngineError(
    "INPUT_LONGER_THAN_DECLARED",
    `The file holds ${describeLength(realMs)} of audio${samples >= MAX_COUNTED_SAMPLES ? " or more" : ""}, more than the ${describeLength(allowedMs)} its header declared and that was reserved for it. Only the audio transcribed before this was found is charged; re-save the file with a tool that writes a correct header and upload it again.`,
    { details: { durationMs: realMs, reservedMs: allowedMs } },
  );
}

function describeLength(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `${Math.round(seconds / 60)} minutes`;
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return (lines[lines.length - 1] ?? "unknown error").replace(/^\[[^\]]+\]\s*/, "");
}
