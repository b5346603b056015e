import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The shared test data beside the repository (`<repository>/../shared`: whisper.cpp's own
 * model fixtures, longer recordings), or SHARED_TEST_DATA when set. A clone without it still
 * passes its tests, skipping the few checks that need it, except under CI, where those checks
 * fail instead (CI always has the folder, so a missing file there is a broken set-up).
 */
export const SHARED_DIR =
  process.env.SHARED_TEST_DATA ?? fileURLToPath(new URL("../../../../../shared/", import.meta.url));

/** whisper.cpp's own weightless tiny model (`models/for-tests-ggml-tiny.bin`, MIT). */
export const WHISPER_CPP_FIXTURE = join(SHARED_DIR, "models", "for-tests-ggml-tiny.bin");

/**
 * True when a test that needs `path` should be skipped: the file is missing and this is not
 * CI. Under CI the test runs and fails on the missing file (see expectSharedFixture).
 */
export function skipWithoutShared(path: string): boolean {
  return !existsSync(path) && !process.env.CI;
}

/** Fails with a clear message when a shared fixture is missing (under CI). */
export function expectSharedFixture(path: string): void {
  if (!existsSync(path)) {
    throw new Error(
      `The shared test fixture ${path} is missing: CI needs the shared folder beside the ` +
        "repository (or SHARED_TEST_DATA pointing at it).",
    );
  }
}
