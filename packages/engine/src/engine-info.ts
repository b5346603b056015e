import { readFileSync } from "node:fs";
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
}

/** Build switches ggml lists beside the instruction sets. */
const NOT_CPU_FEATURES = new Set(["OPENMP", "REPACK", "LLAMAFILE", "KLEIDIAI", "ACCELERATE"]);

/** Verbatim's version (the engine package's, as the CLI reports it). */
export function verbatimVersion(): string {
  // src/ and dist/ are both one level under the package.
  const url = new URL("../package.json", import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { version: string }).version;
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
  const base = { verbatimVersion: verbatimVersion(), whisperVersion: system.whisperVersion };
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
  ].join("\n");
}
