// llama.cpp's own llama-bench, built from the very source node-llama-cpp ships (its
// llama/gitRelease.bundle: the git bundle of the llama.cpp release its binaries were built
// from), CPU only, -march=native, cached under .cache/bench. Only the benchmark builds it,
// never the install.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = fileURLToPath(new URL("../../../.cache/bench/", import.meta.url));

/** node-llama-cpp's llama.cpp source bundle and the release it names. */
export function llamaCppSource(): { bundle: string; release: string } {
  // …/node-llama-cpp/dist/index.js -> …/node-llama-cpp/llama
  const llamaDir = join(
    dirname(dirname(fileURLToPath(import.meta.resolve("node-llama-cpp")))),
    "llama",
  );
  const info = JSON.parse(readFileSync(join(llamaDir, "binariesGithubRelease.json"), "utf8")) as {
    release: string;
  };
  return { bundle: join(llamaDir, "gitRelease.bundle"), release: info.release };
}

/** The path of llama-bench, built once (minutes on two cores). */
export function buildLlamaBench(): string {
  const source = join(BENCH_DIR, "llama.cpp");
  // A folder per configuration: a changed configuration builds afresh.
  const build = join(source, "build-no-amx");
  const binary = join(build, "bin", "llama-bench");
  if (existsSync(binary)) return binary;
  mkdirSync(BENCH_DIR, { recursive: true });
  const { bundle } = llamaCppSource();
  if (!existsSync(join(source, ".git"))) {
    execFileSync("git", ["clone", "--quiet", bundle, source], { stdio: "inherit" });
  }
  // Without AMX: -march=native turns on ggml's AMX matrix code on CPUs that have it (Sapphire
  // Rapids and later), where this release's llama-bench crashes in ggml_backend_amx_mul_mat;
  // node-llama-cpp's prebuilt binaries, which run here, do not take that path.
  const noAmx = "-mno-amx-tile -mno-amx-int8 -mno-amx-bf16";
  const jobs = String(Math.max(1, Number(process.env.BENCH_BUILD_JOBS ?? 2)));
  execFileSync(
    "cmake",
    [
      "-S",
      source,
      "-B",
      build,
      "-DCMAKE_BUILD_TYPE=Release",
      "-DGGML_NATIVE=ON",
      `-DCMAKE_C_FLAGS=${noAmx}`,
      `-DCMAKE_CXX_FLAGS=${noAmx}`,
      "-DLLAMA_CURL=OFF",
      "-DLLAMA_BUILD_TESTS=OFF",
      "-DLLAMA_BUILD_EXAMPLES=OFF",
      "-DLLAMA_BUILD_SERVER=OFF",
      "-DBUILD_SHARED_LIBS=OFF",
    ],
    { stdio: "inherit" },
  );
  execFileSync("cmake", ["--build", build, "--target", "llama-bench", "-j", jobs], {
    stdio: "inherit",
  });
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(buildLlamaBench());
