// Builds whisper.cpp's own whisper-cli from the very source tree the addon is built from (the
// pinned nodejs-whisper package), with the same CPU options, so the comparison is honest. Only
// the benchmark builds it (cached under .cache/bench), never the install.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { BENCH_DIR } from "./bench-media.js";

/** The whisper.cpp source tree the addon was built from. */
export function whisperSourceDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("nodejs-whisper/package.json")), "cpp", "whisper.cpp");
}

/** Path of a whisper-cli built like the addon (same flags as scripts/build-native.mjs). */
export function buildWhisperCli(): string {
  return buildExample("whisper-cli");
}

/** Path of whisper.cpp's own parakeet-cli, built like the addon from the same tree. */
export function buildParakeetCli(): string {
  return buildExample("parakeet-cli");
}

/** One of whisper.cpp's example programs, built once into the benchmark's cache. */
function buildExample(target: "whisper-cli" | "parakeet-cli"): string {
  const build = join(BENCH_DIR, "whisper-cli-build");
  const binary = join(build, "bin", target);
  if (existsSync(binary)) return binary;
  const addonBuild = join(import.meta.dirname, "..", "native", "build", "verbatim-build.json");
  const flags = existsSync(addonBuild)
    ? (JSON.parse(readFileSync(addonBuild, "utf8")) as { flags: string }).flags
    : "-march=native";
  const cpu =
    flags === "-march=native"
      ? ["-DGGML_NATIVE=ON"]
      : [
          "-DGGML_NATIVE=OFF",
          ...["SSE42", "AVX", "AVX2", "BMI2", "FMA", "F16C"].map((x) => `-DGGML_${x}=OFF`),
          `-DCMAKE_C_FLAGS=${flags}`,
          `-DCMAKE_CXX_FLAGS=${flags}`,
        ];
  console.log(`building ${target} from ${whisperSourceDir()} (${flags}); a few minutes...`);
  execFileSync(
    "cmake",
    [
      ...["-S", whisperSourceDir(), "-B", build, "-DCMAKE_BUILD_TYPE=Release"],
      ...["-DBUILD_SHARED_LIBS=OFF", "-DWHISPER_BUILD_TESTS=OFF", "-DWHISPER_BUILD_SERVER=OFF"],
      "-DWHISPER_BUILD_EXAMPLES=ON",
      ...cpu,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  execFileSync(
    "cmake",
    ["--build", build, "--target", target, "--parallel", String(availableParallelism())],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  return binary;
}
