import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { ensureDiarizationModels } from "../../test/helpers/diarization-models.js";
import { startTestFileServer, type TestFileServer } from "../../test/support/test-file-server.js";
import { findDiarizationModels } from "../diarization/model-files.js";
import {
  DIARIZATION_MODEL_REGISTRY,
  diarizationModelFor,
  type DiarizationModelEntry,
} from "./diarization-registry.js";
import { downloadDiarizationModel } from "./download-model.js";
import { MODEL_BASE_URL_ENV, modelDownloadUrl } from "./registry.js";

let server: TestFileServer;
let dir: string;
let registry: DiarizationModelEntry[];

// The registry's real entries, but sized and hashed for the stand-in files the test serves.
beforeAll(async () => {
  const standIns = await ensureDiarizationModels();
  const files: Record<string, Buffer> = {};
  registry = [];
  for (const real of DIARIZATION_MODEL_REGISTRY) {
    const bytes = await readFile(join(standIns, real.fileName));
    files[real.fileName] = bytes;
    registry.push({
      ...real,
      sizeBytes: bytes.length,
      checksum: { algorithm: "sha256", value: createHash("sha256").update(bytes).digest("hex") },
    });
  }
  files["3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx.bad"] = Buffer.alloc(10);
  server = await startTestFileServer(files);
  dir = await mkdtemp(join(tmpdir(), "verbatim-diarization-download-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  delete process.env[MODEL_BASE_URL_ENV];
});

describe("the diarization models in the registry", () => {
  it("are published on Hugging Face with sizes and SHA-256", () => {
    expect(DIARIZATION_MODEL_REGISTRY.map((m) => [m.name, m.role])).toEqual([
      ["pyannote-segmentation-3.0", "segmentation"],
      ["3dspeaker-eres2net-base", "embedding"],
    ]);
    for (const model of DIARIZATION_MODEL_REGISTRY) {
      expect(model.url).toMatch(/^https:\/\/huggingface\.co\/csukuangfj\/.+\/resolve\/main\//);
      expect(model.checksum?.value).toMatch(/^[0-9a-f]{64}$/);
      expect(model.sizeBytes).toBeGreaterThan(1_000_000);
    }
  });

  it("download from the mirror in VERBATIM_MODEL_BASE_URL with progress, then work", async () => {
    process.env[MODEL_BASE_URL_ENV] = server.baseUrl;
    const segmentation = diarizationModelFor("segmentation");
    expect(modelDownloadUrl(segmentation)).toBe(`${server.baseUrl}/${segmentation.fileName}`);
    await expect(findDiarizationModels(dir)).rejects.toMatchObject({
      code: "DIARIZATION_MODEL_MISSING",
    });
    for (const entry of registry) {
      const progress: number[] = [];
      const done = await downloadDiarizationModel(entry.name, dir, {
        registry,
        onProgress: (received, total) => progress.push(received / total),
      });
      expect(done).toMatchObject({ alreadyInstalled: false, checksumVerified: true });
      expect(progress.at(-1)).toBe(1);
      const again = await downloadDiarizationModel(entry.name, dir, { registry });
      expect(again.alreadyInstalled).toBe(true);
    }
    const paths = await findDiarizationModels(dir);
    expect(paths.segmentation).toBe(join(dir, segmentation.fileName));
  });

  it("refuse a file whose checksum is not the registry's and keep nothing", async () => {
    const embedding = registry.find((m) => m.role === "embedding")!;
    const wrong = [{ ...embedding, fileName: `${embedding.fileName}.bad`, sizeBytes: 10 }];
    const target = await mkdtemp(join(dir, "bad-"));
    await expect(
      downloadDiarizationModel(embedding.name, target, { registry: wrong, baseUrl: server.baseUrl }),
    ).rejects.toMatchObject({ code: "MODEL_DOWNLOAD_FAILED" });
    await expect(findDiarizationModels(target, ["embedding"])).rejects.toMatchObject({
      code: "DIARIZATION_MODEL_MISSING",
    });
  });
});
