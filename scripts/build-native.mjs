#!/usr/bin/env node
// Builds Verbatim's whisper.cpp addon (packages/engine/native) with cmake, from the whisper.cpp
// source tree shipped by the pinned `nodejs-whisper` package (nothing of it is copied into the
// repository). Only the whisper and ggml static libraries and the addon are compiled: no
// examples, tests or server.
//
// CPU: ggml's -march=native for this machine's CPU by default; VERBATIM_NATIVE_FLAGS (e.g.
// "-O3 -mavx2 -mfma -mf16c") replaces it for an image that runs on other hosts.
// GPU: VERBATIM_GPU=cuda or vulkan builds that backend when its toolkit is found; otherwise (or
// if that build fails to configure) the CPU build, with a line saying so.
// A marker file records the settings and a hash of the addon's own sources, so repeated installs
// do not rebuild needlessly and a changed source file is never left unbuilt.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The oldest whisper.cpp the addon is written for (flash attention, abort, no_speech_prob). */
const MIN_WHISPER = [1, 9, 1];
const log = (line) => console.log(`[build-native] ${line}`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const addonDir = path.join(root, "packages", "engine", "native");
const buildDir = path.join(addonDir, "build");
const addon = path.join(buildDir, "verbatim_whisper.node");
const marker = path.join(buildDir, "verbatim-build.json");
const require = createRequire(path.join(root, "packages", "engine", "package.json"));

function fail(message) {
  console.error(`[build-native] ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  return spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], ...options });
}

let whisperDir;
try {
  whisperDir = path.join(
    path.dirname(require.resolve("nodejs-whisper/package.json")),
    "cpp",
    "whisper.cpp",
  );
} catch {
  log("nodejs-whisper (the whisper.cpp source) is not installed; nothing to build.");
  process.exit(0);
}
const version = /project\("whisper\.cpp" VERSION (\d+)\.(\d+)\.(\d+)\)/.exec(
  readFileSync(path.join(whisperDir, "CMakeLists.txt"), "utf8"),
);
if (!version) fail(`cannot read whisper.cpp's version in ${whisperDir}/CMakeLists.txt.`);
const whisperVersion = version.slice(1, 4).map(Number);
const older = whisperVersion.findIndex((part, i) => part !== MIN_WHISPER[i]);
if (older >= 0 && whisperVersion[older] < MIN_WHISPER[older]) {
  fail(`whisper.cpp ${whisperVersion.join(".")} is too old: ${MIN_WHISPER.join(".")} or newer.`);
}

const cmake = run("cmake", ["--version"], { stdio: "ignore" });
if (cmake.status !== 0) {
  fail("cmake is needed to build whisper.cpp: install cmake 3.18+ and a C++17 compiler (g++).");
}

const nodeInclude = [
  process.env.npm_config_nodedir && path.join(process.env.npm_config_nodedir, "include", "node"),
  path.join(path.dirname(process.execPath), "..", "include", "node"),
].find((dir) => dir && existsSync(path.join(dir, "node_api.h")));
if (!nodeInclude) fail("Node's headers (node_api.h) were not found next to the node binary.");
const addonApiInclude = path.dirname(require.resolve("node-addon-api/package.json"));

const customFlags = process.env.VERBATIM_NATIVE_FLAGS;
const gpu = pickGpu((process.env.VERBATIM_GPU ?? "").trim().toLowerCase());
/** The addon's own sources: a change to them rebuilds it. */
function sourcesHash() {
  const hash = createHash("sha256");
  const src = path.join(addonDir, "src");
  for (const file of [
    "CMakeLists.txt",
    ...readdirSync(src)
      .sort()
      .map((f) => path.join("src", f)),
  ]) {
    hash.update(file).update(readFileSync(path.join(addonDir, file)));
  }
  return hash.digest("hex").slice(0, 16);
}
const wanted = {
  whisperVersion: whisperVersion.join("."),
  sources: sourcesHash(),
  whisperDir,
  flags: customFlags ?? "-march=native",
  gpu,
  node: process.versions.modules,
};
if (existsSync(addon) && existsSync(marker) && readFileSync(marker, "utf8") === stringify(wanted)) {
  log(`whisper.cpp ${wanted.whisperVersion} addon already built (${describe(wanted)}).`);
  process.exit(0);
}

log(`compiling whisper.cpp ${wanted.whisperVersion} (${describe(wanted)}); a few minutes...`);
const started = Date.now();
let built = configure(gpu) && compile();
if (!built && gpu !== "cpu") {
  log(`the ${gpu} build failed (see above): building for the CPU instead.`);
  wanted.gpu = "cpu";
  built = configure("cpu") && compile();
}
if (!built) fail("failed to compile whisper.cpp: see the compiler output above.");
writeFileSync(marker, stringify(wanted));
log(`done in ${Math.round((Date.now() - started) / 1000)} s.`);

function pickGpu(requested) {
  if (requested === "" || requested === "cpu") return "cpu";
  if (requested === "cuda") {
    const nvcc = [process.env.CUDA_PATH, "/usr/local/cuda"]
      .filter(Boolean)
      .map((dir) => path.join(dir, "bin", "nvcc"))
      .concat("nvcc")
      .find((bin) => run(bin, ["--version"], { stdio: "ignore" }).status === 0);
    if (nvcc) return "cuda";
    log("VERBATIM_GPU=cuda but no CUDA toolkit (nvcc) was found: building for the CPU.");
    return "cpu";
  }
  if (requested === "vulkan") {
    const glslc = run("glslc", ["--version"], { stdio: "ignore" }).status === 0;
    const headers = run("pkg-config", ["--exists", "vulkan"], { stdio: "ignore" }).status === 0;
    if (glslc && headers) return "vulkan";
    log(
      "VERBATIM_GPU=vulkan but the Vulkan SDK (glslc and vulkan headers) was not found: building for the CPU.",
    );
    return "cpu";
  }
  log(`VERBATIM_GPU="${requested}" is not cuda or vulkan: building for the CPU.`);
  return "cpu";
}

function configure(backend) {
  mkdirSync(buildDir, { recursive: true });
  const cpuFlags = customFlags
    ? [
        "-DGGML_NATIVE=OFF",
        // Only the given flags choose the instruction set.
        ...["SSE42", "AVX", "AVX2", "BMI2", "FMA", "F16C"].map((x) => `-DGGML_${x}=OFF`),
        `-DCMAKE_C_FLAGS=${customFlags}`,
        `-DCMAKE_CXX_FLAGS=${customFlags}`,
      ]
    : ["-DGGML_NATIVE=ON", "-DCMAKE_C_FLAGS=", "-DCMAKE_CXX_FLAGS="];
  const result = run("cmake", [
    "-S",
    addonDir,
    "-B",
    buildDir,
    "-DCMAKE_BUILD_TYPE=Release",
    `-DWHISPER_SOURCE_DIR=${whisperDir}`,
    `-DWHISPER_VERSION_CHECKED=${whisperVersion.join(".")}`,
    `-DNODE_INCLUDE_DIR=${nodeInclude}`,
    `-DNODE_ADDON_API_DIR=${addonApiInclude}`,
    `-DGGML_CUDA=${backend === "cuda" ? "ON" : "OFF"}`,
    `-DGGML_VULKAN=${backend === "vulkan" ? "ON" : "OFF"}`,
    ...cpuFlags,
  ]);
  return result.status === 0;
}

function compile() {
  const jobs = String(Math.max(1, availableParallelism()));
  const result = run("cmake", [
    "--build",
    buildDir,
    "--target",
    "verbatim_whisper",
    "--parallel",
    jobs,
  ]);
  return result.status === 0 && existsSync(addon);
}

function stringify(value) {
  return JSON.stringify(value, null, 2);
}

function describe(settings) {
  return `${settings.gpu === "cpu" ? "CPU" : settings.gpu.toUpperCase()}, flags "${settings.flags}"`;
}
