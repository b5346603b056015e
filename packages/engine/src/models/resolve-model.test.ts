import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureEmptyTestModel } from "../../test/support/random-model.js";
import type { ModelEntry } from "./registry.js";
import { listInstalledModels, resolveModel } from "./resolve-model.js";

let modelsDir: string;
let fixture: string;

// A registry with one entry whose file is the weightless test model.
const testEntry: ModelEntry = {
  name: "test-tiny",
  fileName: "ggml-test-tiny.bin",
  sizeBytes: 1,
  checksum: null,
  url: "http://127.0.0.1:9/ggml-test-tiny.bin",
  multilingual: true,
  sizeClass: "tiny",
  quantization: null,
};

beforeAll(async () => {
  modelsDir = await mkdtemp(join(tmpdir(), "verbatim-resolve-"));
  fixture = await ensureEmptyTestModel();
  await copyFile(fixture, join(modelsDir, "ggml-test-tiny.bin"));
});

afterAll(async () => {
  await rm(modelsDir, { recursive: true, force: true });
});

describe("resolveModel", () => {
  it("turns a registry name into the validated file in the models folder", async () => {
    const model = await resolveModel("test-tiny", modelsDir, { registry: [testEntry] });
    expect(model.path).toBe(join(modelsDir, "ggml-test-tiny.bin"));
    expect(model.name).toBe("test-tiny");
    expect(model.entry).toBe(testEntry);
    expect(model.info?.sizeClass).toBe("tiny");
  });

  it("uses a path as it is, relative or absolute", async () => {
    const absolute = await resolveModel(fixture, modelsDir);
    expect(absolute).toMatchObject({ path: fixture, name: null, entry: null });
    const viaRelative = await resolveModel(relative(process.cwd(), fixture), "/nonexistent");
    expect(viaRelative.path).toBe(fixture);
  });

  it("says what to run and where to put the file when a known model is missing", async () => {
    const error = await resolveModel("base", modelsDir).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "MODEL_NOT_FOUND" });
    const message = (error as Error).message;
    expect(message).toContain("verbatim models download base");
    expect(message).toContain("npm run models -- base");
    expect(message).toContain("https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.bin");
    expect(message).toContain(join(modelsDir, "ggml-base.bin"));
  });

  it("reports a missing path, adding download advice when the file name is a known model", async () => {
    await expect(resolveModel(join(modelsDir, "nothing.bin"), modelsDir)).rejects.toMatchObject({
      code: "MODEL_NOT_FOUND",
      message: expect.stringContaining("does not exist"),
    });
    await expect(resolveModel(join(modelsDir, "ggml-small.bin"), modelsDir)).rejects.toThrow(
      /verbatim models download small/,
    );
  });

  it("lists known names for an unknown one", async () => {
    await expect(resolveModel("gigantic", modelsDir)).rejects.toMatchObject({
      code: "MODEL_NOT_FOUND",
      message: expect.stringMatching(/Unknown model "gigantic"\. Known models: tiny, tiny\.en, base/),
    });
  });

  it("knows a model placed in the folder as ggml-<name>.bin by its name, as the listing does", async () => {
    await copyFile(fixture, join(modelsDir, "ggml-qtiny.bin"));
    const placed = await resolveModel("qtiny", modelsDir, { registry: [testEntry] });
    expect(placed).toMatchObject({ name: "qtiny", path: join(modelsDir, "ggml-qtiny.bin"), entry: null });
    const listed = await listInstalledModels(modelsDir, { registry: [testEntry] });
    expect(listed.map((model) => model.name)).toContain("qtiny");
  });

  it("validates before returning", async () => {
    const broken = join(modelsDir, "broken.bin");
    await writeFile(broken, "not a model at all");
    await expect(resolveModel(broken, modelsDir)).rejects.toMatchObject({ code: "MODEL_INVALID" });
  });
});

describe("listInstalledModels", () => {
  it("lists ggml-*.bin files with their validity, registered ones first", async () => {
    const dir = join(modelsDir, "listing");
    await mkdir(dir);
    await copyFile(fixture, join(dir, "ggml-custom.bin"));
    await copyFile(fixture, join(dir, "ggml-test-tiny.bin"));
    await writeFile(join(dir, "ggml-bad.bin"), "junk");
    await writeFile(join(dir, "notes.txt"), "ignored");
    await writeFile(join(dir, "ggml-base.bin.partial"), "ignored");
    const models = await listInstalledModels(dir, { registry: [testEntry] });
    expect(models.map((m) => m.name)).toEqual(["test-tiny", "bad", "custom"]);
    expect(models[0]).toMatchObject({ entry: testEntry, problem: null });
    expect(models[1]?.info).toBeNull();
    expect(models[1]?.problem).toMatch(/is not a valid whisper\.cpp model/);
  });

  it("returns nothing for a folder that does not exist", async () => {
    expect(await listInstalledModels(join(modelsDir, "absent"))).toEqual([]);
  });
});
