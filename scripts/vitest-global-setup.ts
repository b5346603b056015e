// Vitest global set-up: tests import sources, but some run built code — the engine's child
// process (packages/engine/dist), the fleet tests' server and worker processes
// (apps/server/dist) and the browser tests' web app (apps/web/dist). A bare `vitest run` must
// not test stale output, so this builds the TypeScript packages first (incremental: well under
// a second when nothing changed) and, for the browser tests, rebuilds the web app when any of
// its sources is newer than its build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TYPESCRIPT_PACKAGES = [
  "packages/contract",
  "packages/subtitles",
  "packages/formats",
  "packages/insights",
  "packages/engine",
  "packages/llm",
  "apps/server",
];
const WEB = join(ROOT, "apps/web");
const WEB_DIST_ENTRY = join(WEB, "dist", "index.html");
/** What the web build is made from (the app bundles @verbatim/subtitles from its sources). */
const WEB_SOURCES = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/build-plugins",
  "apps/web/package.json",
  "packages/subtitles/src",
  "packages/subtitles/package.json",
  "packages/contract/src",
  "packages/contract/package.json",
  "packages/formats/src",
  "packages/formats/package.json",
];

function run(command: string, args: string[], what: string): void {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, encoding: "utf8", shell: false });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(
      `${what} failed (${[command, ...args].join(" ")}), so the built code the tests run ` +
        `would be stale. Fix the errors below, or build by hand.\n${output || String(result.error)}`,
    );
  }
  const took = Date.now() - started;
  if (took > 2_000) console.log(`[global set-up] ${what}: ${(took / 1000).toFixed(1)} s`);
}

/** The newest modification time under these paths (files only; test files left out). */
function newestSource(paths: string[]): { path: string; mtimeMs: number } {
  let newest = { path: "", mtimeMs: 0 };
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path) && stats.mtimeMs > newest.mtimeMs) {
      newest = { path, mtimeMs: stats.mtimeMs };
    }
  };
  for (const path of paths) visit(join(ROOT, path));
  return newest;
}

/** Builds the web app when its build is missing or older than any of its sources. */
function ensureWebBuild(): void {
  const built = existsSync(WEB_DIST_ENTRY) ? statSync(WEB_DIST_ENTRY).mtimeMs : 0;
  const newest = newestSource(WEB_SOURCES);
  if (built >= newest.mtimeMs) return;
  const why = built === 0 ? "missing" : `older than ${relative(ROOT, newest.path)}`;
  console.log(`[global set-up] apps/web/dist is ${why}: building the web app`);
  run(process.execPath, [join(ROOT, "node_modules/vite/bin/vite.js"), "build", WEB], "web build");
  const after = existsSync(WEB_DIST_ENTRY) ? statSync(WEB_DIST_ENTRY).mtimeMs : 0;
  if (after < newest.mtimeMs) {
    throw new Error(
      `apps/web/dist is still older than ${relative(ROOT, newest.path)} after building: ` +
        "the browser tests would run a stale web app.",
    );
  }
}

/** Runs once per project that has tests to run (node: packages; e2e: packages and web app). */
export default function setup(project: TestProject): void {
  run(
    process.execPath,
    [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", ...TYPESCRIPT_PACKAGES],
    "tsc -b " + TYPESCRIPT_PACKAGES.join(" "),
  );
  if (project.name === "e2e") ensureWebBuild();
}
