#!/usr/bin/env node
// Compiles smart-whisper's bundled whisper.cpp for this machine's CPU.
// Its own install script builds without SIMD (about 9x slower), so package.json denies that
// script and this postinstall builds it instead, with -march=native (override with
// VERBATIM_NATIVE_FLAGS, e.g. "-mavx2 -mfma -mf16c" for an image that runs on other hosts).
// A marker file records the flags, so repeated installs do not rebuild needlessly.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
let packageDir;
try {
  packageDir = path.dirname(require.resolve("smart-whisper/package.json"));
} catch {
  console.log("[build-native] smart-whisper is not installed; nothing to build.");
  process.exit(0);
}

const flags = process.env.VERBATIM_NATIVE_FLAGS ?? "-O3 -march=native";
const addon = path.join(packageDir, "build", "Release", "smart-whisper.node");
const marker = path.join(packageDir, "build", "verbatim-build.json");
const wanted = JSON.stringify({ flags, node: process.versions.modules });

if (existsSync(addon) && existsSync(marker) && readFileSync(marker, "utf8") === wanted) {
  console.log(`[build-native] smart-whisper already built with "${flags}".`);
  process.exit(0);
}

const nodeGyp =
  process.env.npm_config_node_gyp ??
  path.join(
    path.dirname(process.execPath),
    "../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js",
  );
console.log(
  `[build-native] compiling whisper.cpp (smart-whisper) with "${flags}"; this takes a few minutes...`,
);
const started = Date.now();
const result = spawnSync(process.execPath, [nodeGyp, "rebuild", `--jobs=max`], {
  cwd: packageDir,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, CFLAGS: flags, CXXFLAGS: flags },
});
if (result.status !== 0) {
  console.error("[build-native] failed to compile smart-whisper: see the compiler output above.");
  process.exit(1);
}
writeFileSync(marker, wanted);
console.log(`[build-native] done in ${Math.round((Date.now() - started) / 1000)} s.`);
