import { execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { migrateToLatest, openDatabase } from "../src/db/database.js";

// A server whose database or upload folder it may not write stops at once with one line that
// says which file, what is wrong and what to do, and exit code 2: no stack trace, and no
// server that starts and then fails every sign-in.
//
// Tests run as root, which writes through file modes (chmod 0444 stops nothing), so the
// read-only places are read-only mounts: a tmpfs remounted ro, or a file bind-mounted ro over
// itself. Mounting needs root; under CI (root) it must work, so the tests never skip there.

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));

const scratch = scratchDir("verbatim-read-only-");
const mounts: string[] = [];
function mount(...args: string[]): boolean {
  try {
    execFileSync("mount", args, { stdio: "pipe" });
    const target = args[args.length - 1] ?? "";
    if (!mounts.includes(target)) mounts.unshift(target); // a remount is the same mount
    return true;
  } catch {
    return false;
  }
}
afterAll(() => {
  for (const target of mounts) execFileSync("umount", [target]);
  scratch.cleanup();
});

/** Runs the built server until it exits (at most 20 s): its exit code and what it printed. */
async function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: scratch.dir,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      MODELS_AUTO_DOWNLOAD: "false",
      MODELS_DIR: join(scratch.dir, "models"),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(timer);
  return { code, stderr };
}

/** One line, no stack frames. */
function expectOneLine(stderr: string): string {
  const lines = stderr.trim().split("\n");
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0] ?? "";
}

const canMount = (() => {
  const probe = join(scratch.dir, "probe");
  mkdirSync(probe);
  return mount("-t", "tmpfs", "-o", "size=1m", "tmpfs", probe);
})();

describe("read-only storage at start", () => {
  it.skipIf(!canMount && !process.env.CI)(
    "a read-only database file: one line naming it, exit code 2",
    async () => {
      expect(canMount).toBe(true);
      const database = join(scratch.dir, "verbatim.db");
      const db = openDatabase({ kind: "sqlite", path: database });
      await migrateToLatest(db);
      await db.destroy();
      expect(mount("--bind", database, database)).toBe(true);
      expect(mount("-o", "remount,bind,ro", database)).toBe(true);

      const { code, stderr } = await runMain({
        DATABASE_URL: database,
        UPLOAD_DIR: join(scratch.dir, "uploads"),
      });
      const line = expectOneLine(stderr);
      expect(line).toContain(database);
      expect(line).toMatch(/cannot be written \(SQLITE_READONLY\)/);
      expect(line).toMatch(/DATABASE_URL/);
      expect(code).toBe(2);
    },
  );

  it.skipIf(!canMount && !process.env.CI)(
    "a read-only upload folder: one line naming it, exit code 2",
    async () => {
      expect(canMount).toBe(true);
      const uploads = join(scratch.dir, "read-only-uploads");
      mkdirSync(uploads);
      expect(mount("-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", uploads)).toBe(true);

      const { code, stderr } = await runMain({
        DATABASE_URL: join(scratch.dir, "writable.db"),
        UPLOAD_DIR: uploads,
      });
      const line = expectOneLine(stderr);
      expect(line).toContain(uploads);
      expect(line).toMatch(/cannot be written \(EROFS\)/);
      expect(line).toMatch(/UPLOAD_DIR/);
      expect(code).toBe(2);
    },
  );

  it.skipIf(!canMount && !process.env.CI)(
    "a read-only data folder: one line, exit code 2",
    async () => {
      expect(canMount).toBe(true);
      const data = join(scratch.dir, "read-only-data");
      mkdirSync(data);
      expect(mount("-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", data)).toBe(true);

      const { code, stderr } = await runMain({ DATA_DIR: data });
      const line = expectOneLine(stderr);
      expect(line).toMatch(/^Cannot start: .* cannot be written/);
      expect(line).toContain(data);
      expect(code).toBe(2);
    },
  );
});
