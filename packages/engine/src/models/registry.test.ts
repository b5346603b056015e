import { afterEach, describe, expect, it } from "vitest";

import {
  DEFAULT_MODELS,
  findModel,
  findModelByFileName,
  MODEL_BASE_URL_ENV,
  MODEL_REGISTRY,
  modelDownloadUrl,
} from "./registry.js";

describe("MODEL_REGISTRY", () => {
  it("lists every published whisper.cpp model once", () => {
    const names = MODEL_REGISTRY.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ["tiny", "base.en", "small", "medium.en", "large-v1", "large-v2"]) {
      expect(names).toContain(name);
    }
    for (const name of ["large-v3", "large-v3-turbo", "tiny-q5_1", "medium-q5_0"]) {
      expect(names).toContain(name);
    }
    expect(names).toContain("large-v3-turbo-q8_0");
    expect(MODEL_REGISTRY).toHaveLength(33);
  });

  it("gives each entry its file name, Hugging Face URL, exact size and a SHA-256", () => {
    for (const entry of MODEL_REGISTRY) {
      expect(entry.fileName).toBe(`ggml-${entry.name}.bin`);
      expect(entry.url).toBe(
        `https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-${entry.name}.bin`,
      );
      expect(Number.isInteger(entry.sizeBytes)).toBe(true);
      expect(entry.sizeBytes).toBeGreaterThan(30_000_000);
      expect(entry.checksum?.algorithm).toBe("sha256");
      expect(entry.checksum?.value).toMatch(/^[0-9a-f]{64}$/);
    }
    const digests = MODEL_REGISTRY.map((entry) => entry.checksum?.value);
    expect(new Set(digests).size).toBe(digests.length);
  });

  it("derives the language, size class and quantization from the name", () => {
    expect(findModel("base")).toMatchObject({ multilingual: true, sizeClass: "base", quantization: null });
    expect(findModel("small.en-q5_1")).toMatchObject({
      multilingual: false,
      sizeClass: "small",
      quantization: "q5_1",
    });
    expect(findModel("large-v3-turbo-q5_0")).toMatchObject({ sizeClass: "large", quantization: "q5_0" });
    expect(findModel("tiny")?.sizeBytes).toBe(77_691_713);
  });

  it("points the default model choices at registered models", () => {
    expect(findModel(DEFAULT_MODELS.fast)?.name).toBe("base");
    expect(findModel(DEFAULT_MODELS.accurate)?.name).toBe("small");
  });

  it("finds entries by file name and reports unknown names as undefined", () => {
    expect(findModelByFileName("ggml-small.en.bin")?.name).toBe("small.en");
    expect(findModel("huge")).toBeUndefined();
  });
});

describe("modelDownloadUrl", () => {
  afterEach(() => {
    delete process.env[MODEL_BASE_URL_ENV];
  });

  it("uses the published URL unless a base URL is given", () => {
    const base = findModel("base");
    if (!base) throw new Error("base missing");
    expect(modelDownloadUrl(base)).toBe(base.url);
    expect(modelDownloadUrl(base, "http://127.0.0.1:9/models/")).toBe(
      "http://127.0.0.1:9/models/ggml-base.bin",
    );
    process.env[MODEL_BASE_URL_ENV] = "http://mirror.example/whisper";
    expect(modelDownloadUrl(base)).toBe("http://mirror.example/whisper/ggml-base.bin");
  });
});
