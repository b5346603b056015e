import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { ensureEmptyTestModel } from "../../../packages/engine/test/support/random-model.js";
import { ModelPreparation } from "../src/models/model-preparation.js";
import { registryFor, startMirror } from "./support/model-mirror.js";

/** A logger that keeps every line, as the console would show it. */
function captureLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const keep = (level: string) => (message: unknown) => lines.push(`${level} ${String(message)}`);
  const log = {
    info: keep("info"),
    warn: keep("warn"),
    error: keep("error"),
    debug: () => undefined,
    trace: () => undefined,
    fatal: keep("fatal"),
    level: "info",
    child: () => log,
    silent: () => undefined,
  };
  // A structural stand-in: only the methods the preparation calls are real.
  return { log: log as unknown as FastifyBaseLogger, lines };
}

describe("the first-start model download on the console", () => {
  it("says where it downloads from, its progress by tenths, and when the model is ready", async () => {
    const bytes = readFileSync(await ensureEmptyTestModel());
    const mirror = await startMirror(bytes);
    const modelsDir = mkdtempSync(join(tmpdir(), "verbatim-models-log-"));
    const { log, lines } = captureLog();
    try {
      const preparation = new ModelPreparation(
        {
          modelsDir,
          models: { fast: "tiny", accurate: "tiny", autoDownload: true, baseUrl: mirror.url },
        },
        log,
        { registry: registryFor(bytes) },
      );
      await preparation.start(true);
      await mirror.halfSent;
      mirror.release();
      await preparation.settled();
      expect(lines[0]).toBe(
        `info model tiny: not installed; downloading 1 MB from ${mirror.url}/ggml-tiny.bin into ${modelsDir} (uploads for it wait until it is ready)`,
      );
      const progress = lines.filter((line) => /^info model tiny: \d+ %/.test(line));
      expect(progress.length).toBeGreaterThanOrEqual(2);
      expect(progress.length).toBeLessThanOrEqual(11); // a line per tenth at most, not per chunk
      expect(lines.at(-1)).toBe(
        `info model tiny: ready (checksum verified) at ${join(modelsDir, "ggml-tiny.bin")}`,
      );
      expect(preparation.status("tiny")).toMatchObject({ state: "ready", percent: 100 });
    } finally {
      await mirror.close();
      rmSync(modelsDir, { recursive: true, force: true });
    }
  });
});
