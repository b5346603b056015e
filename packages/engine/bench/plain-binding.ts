// A second build of smart-whisper without the CPU's SIMD instructions (its own default build),
// kept in .cache/bench, so the benchmark can show what -march=native buys.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { BENCH_DIR } from "./bench-media.js";

const require = createRequire(import.meta.url);

/** Path of the plain build's package folder (built on first use, about a minute). */
export function plainBinding(): string {
  const target = join(BENCH_DIR, "smart-whisper-plain");
  if (existsSync(join(target, "build", "Release", "smart-whisper.node"))) return target;
  const source = dirname(require.resolve("smart-whisper/package.json"));
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, { recursive: true, filter: (path) => !path.includes(`${source}/build`) });
  // node-addon-api must resolve from the copy.
  cpSync(
    dirname(require.resolve("node-addon-api/package.json")),
    join(target, "node_modules", "node-addon-api"),
    { recursive: true },
  );
  const nodeGyp =
    process.env.npm_config_node_gyp ??
    join(
      dirname(process.execPath),
      "../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js",
    );
  const result = spawnSync(process.execPath, [nodeGyp, "rebuild", "--jobs=max"], {
    cwd: target,
    stdio: "ignore",
    env: { ...process.env, CFLAGS: "-O3", CXXFLAGS: "-O3" },
  });
  if (result.status !== 0)
    throw new Error("could not build the plain smart-whisper for comparison");
  return target;
}
