// The floor: the binding called directly on the whole decoded PCM, nothing else.
// Run as a child process: `tsx floor.ts <model> <media> <threads> <beam> [binding dir]`;
// prints JSON.
import { readFileSync } from "node:fs";
import { decodePcm } from "../src/media/decode.js";
import { loadSmartWhisperModel } from "../src/whisper/smart-whisper-model.js";

const [modelPath, media, threads, beam, binding] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string?,
];
const blocks: Float32Array[] = [];
let length = 0;
for await (const block of decodePcm(media)) {
  blocks.push(block);
  length += block.length;
}
const pcm = new Float32Array(length);
let offset = 0;
for (const block of blocks) {
  pcm.set(block, offset);
  offset += block.length;
}
blocks.length = 0;

const loadStarted = performance.now();
const model = await loadSmartWhisperModel(modelPath, false, binding);
const modelLoadMs = performance.now() - loadStarted;
const started = performance.now();
const segments = await model.transcribe(pcm, {
  language: "en",
  translate: false,
  wordTimestamps: true,
  threads: Number(threads),
  beamSize: Number(beam),
  temperatureFallback: process.env.BENCH_FALLBACK === "1",
});
const transcribeMs = performance.now() - started;
await model.free();
const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0);
process.stdout.write(
  JSON.stringify({
    transcribeMs,
    modelLoadMs,
    segments: segments.length,
    pcmMb: pcm.byteLength / 1048576,
    peakRssMb: peakKb / 1024,
  }),
);
