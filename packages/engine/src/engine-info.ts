import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { RecogniserFamily } from "./recognisers/recogniser.js";
import type { NativeBuildInfo, NativeSystemInfo } from "./whisper/native-binding.js";

/** Versions and the backend whisper.cpp runs on, for `verbatim --version` and /api/health. */
export interface EngineInfo {
  verbatimVersion: string;
  whisperVersion: string;
  backend: {
    /** What runs the model: the CPU, or the GPU backend the addon was built with. */
    kind: "cpu" | "cuda" | "vulkan";
    /** The GPU's name, or the CPU features ggml uses (e.g. "CPU: AVX2 FMA F16C"). */
    name: string;
    /** Why a GPU build runs on the CPU, when it does. */
    fallback?: string;
  };
  /** Each model family and what runs it: a job names the family that ran it. */
  recognisers: { family: RecogniserFamily; backend: string }[];
}

/** Build switches ggml lists beside the instruction sets. */
const NOT_CPU_FEATURES = new Set(["OPENMP", "REPACK", "LLAMAFILE", "KLEIDIAI", "ACCELERATE"]);

/** Verbatim's version (the engine package's, as the CLI reports it). */
export function verbatimVersion(): string {
  // src/ and dist/ are both one level under the package.
  const url = new URL("../package.json", import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { version: string }).version;
}

/** sherpa-onnx-node's version, from its package (without loading its native library). */
function sherpaOnnxVersion(): string {
  const require = createRequire(import.meta.url);
  return (require("sherpa-onnx-node/package.json") as { version: string }).version;
}

/** The three families and their runtimes: whisper.cpp for two, sherpa-onnx for SenseVoice. */
function recognisersOf(whisperVersion: string): EngineInfo["recognisers"] {
  return [
    { family: "whisper", backend: `whisper.cpp ${whisperVersion}` },
    { family: "parakeet", backend: `whisper.cpp ${whisperVersion} parakeet` },
    { family: "sensevoice", backend: `sherpa-onnx ${sherpaOnnxVersion()}` },
  ];
}

/** Describes the backend from the addon's system info and what the build asked for. */
export function describeEngine(
  system: NativeSystemInfo,
  build: NativeBuildInfo | null,
): EngineInfo {
  const wanted = build?.gpu ?? "cpu";
  const gpu = system.devices.find((d) => d.type === "gpu" || d.type === "igpu");
  const features = /CPU : (.*?)(?:\|\s*[A-Z_]+ : |$)/.exec(system.cpuFeatures)?.[1] ?? "";
  const enabled = [...features.matchAll(/([A-Z0-9_]+) = 1/g)]
    .map((m) => m[1]!)
    .filter((name) => !NOT_CPU_FEATURES.has(name));
  const cpu = `CPU${enabled.length ? `: ${enabled.join(" ")}` : ""}`;
  const base = {
    verbatimVersion: verbatimVersion(),
    whisperVersion: system.whisperVersion,
    recognisers: recognisersOf(system.whisperVersion),
  };
  if (wanted !== "cpu" && gpu) {
    return { ...base, backend: { kind: wanted, name: gpu.description || gpu.name } };
  }
  return {
    ...base,
    backend: {
      kind: "cpu",
      name: cpu,
      ...(wanted !== "cpu"
        ? { fallback: `built with ${wanted} but no GPU was found: running on the CPU` }
        : {}),
    },
  };
}

/** One line for `verbatim --version`. */
export function formatEngineInfo(info: EngineInfo): string {
  const backend =
    info.backend.kind === "cpu"
      ? info.backend.name
      : `${info.backend.kind.toUpperCase()}: ${info.backend.name}`;
  return [
    `verbatim ${info.verbatimVersion}`,
    `whisper.cpp ${info.whisperVersion}`,
    `backend ${backend}${info.backend.fallback ? ` (${info.backend.fallback})` : ""}`,
    `model families ${info.recognisers.map((r) => `${r.family} (${r.backend})`).join(", ")}`,
  ].join("\n");
}
