// `npm run bench`: speed and memory of the engine against the bare binding (the floor).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { ENGINE_MALLOC_SETTINGS } from "../src/pipeline/engine-runner.js";
import { transcribeFile } from "../src/transcribe-file.js";
import { ensureRandomModel } from "../test/support/random-model.js";
import { buildRecording } from "./bench-media.js";
import { benchCueBuilding } from "./cue-speed.js";
import { plainBinding } from "./plain-binding.js";

const threads = Number(process.env.BENCH_THREADS ?? availableParallelism());
const beamSize = Number(process.env.BENCH_BEAM ?? 1);
const sizeClass = (process.env.BENCH_MODEL ?? "tiny") as "tiny" | "base";
// Random weights never satisfy whisper's confidence checks, so every window would be decoded
// six times at rising temperatures; a trained model rarely falls back. Off unless asked for.
const fallback = process.env.BENCH_FALLBACK === "1";
const skipLong = process.env.BENCH_SKIP_LONG === "1";

interface Measured {
  wallMs: number;
  durationMs: number;
  speechMs: number;
  peakRssMb: number;
}

function peakRssMb(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function ours(model: string, media: string): Promise<Measured> {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  const result = await transcribeFile(
    { input: media, model, language: "en", threads, beamSize, temperatureFallback: fallback },
    {
      onEngineStart: (pid) => {
        timer = setInterval(() => (peak = Math.max(peak, peakRssMb(pid))), 100);
      },
    },
  );
  clearInterval(timer);
  return {
    wallMs: performance.now() - started,
    durationMs: result.durationMs,
    speechMs: result.speechMs,
    peakRssMb: peak,
  };
}

function floor(
  model: string,
  media: string,
  binding?: string,
): { transcribeMs: number; peakRssMb: number } {
  const script = resolve(import.meta.dirname, "floor.ts");
  const args = [
    script,
    model,
    media,
    String(threads),
    String(beamSize),
    ...(binding ? [binding] : []),
  ];
  const out = execFileSync(process.execPath, ["--import", "tsx", ...args], {
    // The engine process's malloc settings, so both sides compare alike.
    env: {
      ...ENGINE_MALLOC_SETTINGS,
      ...process.env,
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "ignore"], // ggml's allocator notes
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.toString()) as { transcribeMs: number; peakRssMb: number };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

console.log(
  `Verbatim engine benchmark — random-weight whisper "${sizeClass}" model, ${threads} threads, beam ${beamSize}, temperature fallback ${fallback ? "on" : "off"}`,
);
console.log(`(random weights: the decoder's work per window is real, the words are not)\n`);
const model = await ensureRandomModel(sizeClass);

const clip = buildRecording("clip-30s", 0.5, () => 0.3);
const simd = floor(model, clip);
const footprint = simd.peakRssMb;
const chunkFootprint = floor(
  model,
  buildRecording("clip-2min", 2, () => 0.3),
).peakRssMb;
console.log(
  `model footprint, peak RSS of the bare binding: ${mb(footprint)} on one 30 s window, ${mb(chunkFootprint)} on a 2 min clip (the engine's chunk length)`,
);
if (process.env.BENCH_SKIP_PLAIN !== "1") {
  const plain = floor(model, clip, plainBinding());
  console.log(
    `whisper.cpp on a 30 s clip: ${s(simd.transcribeMs)} built for this CPU (-march=native), ${s(plain.transcribeMs)} with the binding's default flags: ${(plain.transcribeMs / simd.transcribeMs).toFixed(1)}x faster`,
  );
}
console.log("");

const cases = [
  { name: "1 min speech", media: buildRecording("speech-1min", 1, () => 0.3) },
  { name: "10 min speech", media: buildRecording("speech-10min", 10, () => 0.3) },
  {
    name: "10 min with long silences",
    media: buildRecording("silences-10min", 10, (i) => 5 + (i % 4) * 5),
  },
];
console.log("file                       wall     RTF    speech  peak RSS  floor    overhead");
for (const { name, media } of cases) {
  const base = floor(model, media);
  const run = await ours(model, media);
  const ratio = run.wallMs / base.transcribeMs;
  console.log(
    `${name.padEnd(26)} ${s(run.wallMs).padStart(7)} ${(run.wallMs / run.durationMs).toFixed(3).padStart(6)} ${s(run.speechMs).padStart(8)} ${mb(run.peakRssMb).padStart(8)} ${s(base.transcribeMs).padStart(8)}  ${ratio.toFixed(3)}`,
  );
}

if (!skipLong) {
  const long = buildRecording("mixed-100min", 100, (i) => (i % 3 === 0 ? 20 : 1));
  const run = await ours(model, long);
  console.log(
    `\n100 min (speech with pauses): wall ${s(run.wallMs)}, RTF ${(run.wallMs / run.durationMs).toFixed(3)}, peak RSS ${mb(run.peakRssMb)}` +
      ` = 30 s footprint + ${mb(run.peakRssMb - footprint)} (target ≤ 150 MB), 2 min footprint + ${mb(run.peakRssMb - chunkFootprint)}`,
  );
}
console.log("");
benchCueBuilding();
console.log(
  "\nRTF = wall time / media duration. overhead = our wall time (decode, VAD, chunking, process) / floor (binding on the same PCM).",
);
