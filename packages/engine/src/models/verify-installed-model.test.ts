import { createHash } from "node:crypto";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureEmptyTestModel } from "../../test/support/random-model.js";
import type { ModelEntry } from "./registry.js";
import { verifyInstalledModel } from "./verify-installed-model.js";

let dir: string;
let registry: ModelEntry[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "verbatim-verify-"));
  const fixture = await ensureEmptyTestModel();
  const bytes = await readFile(fixture);
  await copyFile(fixture, join(dir, "ggml-test-tiny.bin"));
  registry = [
    {
      name: "test-tiny",
      fileName: "ggml-test-tiny.bin",
      sizeBytes: bytes.length,
      checksum: { algorithm: "sha256", value: createHash("sha256").update(bytes).digest("hex") },
      url: "https://example.invalid/ggml-test-tiny.bin",
      multilingual: true,
      sizeClass: "tiny",
      quantization: null,
    },
  ];
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("verifyInstalledModel", () => {
  it("recomputes the checksum of an installed model", async () => {
    const result = await verifyInstalledModel("test-tiny", dir, { registry });
    expect(result.checksum).toEqual(registry[0]?.checksum);
    expect(result.info.vocabTokens).toBe(50_257);
  });

  it("reports a file whose checksum differs as invalid", async () => {
    const bytes = await readFile(join(dir, "ggml-test-tiny.bin"));
    bytes[100] = (bytes[100] ?? 0) ^ 0xff; // inside the mel filters: structure stays valid
    const other = [{ ...(registry[0] as ModelEntry), name: "other", fileName: "ggml-other.bin" }];
    await writeFile(join(dir, "ggml-other.bin"), bytes);
    await expect(verifyInstalledModel("other", dir, { registry: other })).rejects.toMatchObject({
      code: "MODEL_INVALID",
      message: expect.stringMatching(/its sha256 is [0-9a-f]{64}, expected/),
    });
  });

  it("checks only the structure of an unregistered ggml-<name>.bin", async () => {
    await copyFile(join(dir, "ggml-test-tiny.bin"), join(dir, "ggml-custom.bin"));
    const result = await verifyInstalledModel("custom", dir, { registry });
    expect(result).toMatchObject({ checksum: null, info: { hasTensors: false } });
    await expect(verifyInstalledModel("absent", dir, { registry })).rejects.toMatchObject({
      code: "MODEL_NOT_FOUND",
    });
  });

  it("says how to install a model that is missing", async () => {
    await expect(verifyInstalledModel("base", dir)).rejects.toMatchObject({
      code: "MODEL_NOT_FOUND",
      message: expect.stringContaining("verbatim models download base"),
    });
  });
});
