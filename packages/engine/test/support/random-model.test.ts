import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { findModel } from "../../src/models/registry.js";
import { loadWhisperModel } from "../../src/whisper/whisper-model.js";
import { validateModelFile } from "../../src/models/validate-ggml.js";
import { toHalfBits } from "./half-float.js";
import { slaneyMelFilterbank } from "./mel-filterbank.js";
import {
  ensureEmptyTestModel,
  ensurePlumbingModel,
  ensureRandomModel,
  ggmlModelBytes,
  MODEL_CACHE_DIR,
  modelParts,
  randomModelHparams,
  TEST_FIXTURE_EMPTY_MODEL,
} from "./random-model.js";
import { expectSharedFixture, skipWithoutShared, WHISPER_CPP_FIXTURE } from "./shared-fixtures.js";

const PUBLISHED_TINY = findModel("tiny")?.sizeBytes ?? 0;

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "verbatim-random-model-"));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Loads and frees a model in whisper.cpp through the engine's binding (a dependency). */
async function loadInWhisperCpp(path: string): Promise<void> {
  const model = await loadWhisperModel(path, { gpu: false }); // not built: this fails, as the engine would
  await model.free();
}

describe("ensureRandomModel", () => {
  it("writes a tiny f16 model that validates and is the size of the published tiny", async () => {
    const path = await ensureRandomModel("tiny");
    expect(path).toBe(join(MODEL_CACHE_DIR, "ggml-random-tiny-f16.bin"));
    const info = await validateModelFile(path);
    expect(info).toMatchObject({
      sizeClass: "tiny",
      hasTensors: true,
      tensorCount: 167,
      weightType: "f16",
    });
    // Same tensors as ggml-tiny.bin; only the generated vocabulary differs by a few KB.
    expect(Math.abs(info.sizeBytes - PUBLISHED_TINY)).toBeLessThan(100_000);
  });

  it("writes an f32 variant of twice the weight size", async () => {
    const info = await validateModelFile(await ensureRandomModel("tiny", { ftype: "f32" }));
    expect(info.weightType).toBe("f32");
    expect(info.sizeBytes).toBeGreaterThan(145_000_000);
    expect(info.sizeBytes).toBeLessThan(155_000_000);
  });

  it("writes English-only and base variants with their own headers", async () => {
    const english = await validateModelFile(
      await ensureRandomModel("tiny", { multilingual: false }),
    );
    expect(english).toMatchObject({ multilingual: false, hparams: { n_vocab: 51864 } });
    const base = await validateModelFile(await ensureRandomModel("base"));
    expect(base).toMatchObject({ sizeClass: "base", tensorCount: 11 + 15 * 6 + 24 * 6 });
    expect(Math.abs(base.sizeBytes - (findModel("base")?.sizeBytes ?? 0))).toBeLessThan(100_000);
  });

  it("has the published small and large-v3-turbo sizes, without writing them (the bench does)", () => {
    // Within the random vocabulary's bytes of the published files: every tensor of the real shape.
    for (const size of ["small", "large-v3-turbo"] as const) {
      const bytes = ggmlModelBytes(modelParts(randomModelHparams(size), true));
      expect(Math.abs(bytes - (findModel(size)?.sizeBytes ?? 0)), size).toBeLessThan(100_000);
    }
    expect(randomModelHparams("large-v3-turbo")).toMatchObject({
      n_vocab: 51866,
      n_mels: 128,
      n_audio_layer: 32,
      n_text_layer: 4,
    });
  });

  it("reuses the cached file instead of writing it again", async () => {
    const path = await ensureRandomModel("tiny");
    const before = (await stat(path)).mtimeMs;
    await ensureRandomModel("tiny");
    expect((await stat(path)).mtimeMs).toBe(before);
  });

  it("loads in whisper.cpp", async () => {
    await expect(loadInWhisperCpp(await ensureRandomModel("tiny"))).resolves.toBeUndefined();
  });

  // The plumbing tests' model: Whisper's layout (vocabulary, mel bands, window) at one layer.
  it("writes the one-layer mini model, which the validator accepts and whisper.cpp loads", async () => {
    const path = await ensurePlumbingModel();
    expect(path).toBe(join(MODEL_CACHE_DIR, "ggml-random-mini-f16.bin"));
    const info = await validateModelFile(path);
    expect(info).toMatchObject({
      sizeClass: null, // no published size has one layer
      hasTensors: true,
      tensorCount: 11 + 15 + 24,
      multilingual: true,
      hparams: { n_audio_state: 64, n_audio_layer: 1, n_text_layer: 1, n_mels: 80 },
    });
    expect(info.sizeBytes).toBeLessThan(10_000_000);
    await expect(loadInWhisperCpp(path)).resolves.toBeUndefined();
  });
});

describe("ensureEmptyTestModel", () => {
  it("writes the weightless fixture to TEST_FIXTURE_EMPTY_MODEL", async () => {
    const path = await ensureEmptyTestModel();
    expect(path).toBe(TEST_FIXTURE_EMPTY_MODEL);
    const info = await validateModelFile(path);
    expect(info).toMatchObject({ hasTensors: false, vocabTokens: 50_257, sizeClass: "tiny" });
  });

  it("lets concurrent callers share one file without seeing half-written ones", async () => {
    const paths = await Promise.all(
      [1, 2, 3].map(() => ensureEmptyTestModel({ cacheDir: scratch, multilingual: false })),
    );
    expect(new Set(paths).size).toBe(1);
    expect(await readdir(scratch)).toEqual(["ggml-for-tests-tiny.en.bin"]);
    expect((await validateModelFile(paths[0] ?? "")).multilingual).toBe(false);
  });
});

describe("slaneyMelFilterbank", () => {
  it("has whisper's 80 x 201 shape with non-negative weights", () => {
    const filters = slaneyMelFilterbank();
    expect(filters).toHaveLength(80 * 201);
    expect(Math.min(...filters)).toBe(0);
    expect(Math.max(...filters)).toBeCloseTo(0.02588, 4);
  });

  // Skipped only outside CI on a clone without the shared folder; under CI a missing file fails.
  it.skipIf(skipWithoutShared(WHISPER_CPP_FIXTURE))(
    "matches the filters in whisper.cpp's files",
    async () => {
      expectSharedFixture(WHISPER_CPP_FIXTURE);
      const file = await readFile(WHISPER_CPP_FIXTURE);
      const stored = new Float32Array(
        file.buffer.slice(file.byteOffset + 56, file.byteOffset + 56 + 80 * 201 * 4),
      );
      const computed = slaneyMelFilterbank();
      const worst = stored.reduce(
        (max, value, i) => Math.max(max, Math.abs(value - (computed[i] ?? 0))),
        0,
      );
      expect(worst).toBeLessThan(1e-7);
    },
  );
});

describe("toHalfBits", () => {
  it("rounds to IEEE half precision", () => {
    expect(toHalfBits(1)).toBe(0x3c00);
    expect(toHalfBits(-2)).toBe(0xc000);
    expect(toHalfBits(0.1)).toBe(0x2e66);
    expect(toHalfBits(65504)).toBe(0x7bff);
    expect(toHalfBits(1e6)).toBe(0x7c00);
    expect(toHalfBits(2 ** -24)).toBe(0x0001);
    expect(toHalfBits(0)).toBe(0);
  });
});
