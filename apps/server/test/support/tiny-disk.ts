import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";

// A disk that fills up, for the full-disk tests: a small tmpfs. Mounting needs root (CI runs as
// root, so there the tests never skip).

/** Mounts a tmpfs of `size` (512 KB unless said) at `dir`; false where mounting is not allowed. */
export function mountTinyDisk(dir: string, size = "512k"): boolean {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

/** Writes zeros to a new file until the disk has no room left. */
export function fillDisk(path: string): void {
  const fd = openSync(path, "w");
  const block = new Uint8Array(64 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
    // The last few bytes of a part-filled page.
    try {
      for (;;) writeSync(fd, block, 0, 512);
    } catch {
      // full
    }
  } finally {
    closeSync(fd);
  }
}
