// The local language model is optional at start: fetched only when MODELS_DOWNLOAD_ORDER names
// it, through the same download as the speech models, and skipped when its file is there.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { LANGUAGE_MODEL_CATALOG } from "@verbatim/engine";
import { ModelPreparation } from "../src/models/model-preparation.js";

const entry = LANGUAGE_MODEL_CATALOG[0]!;
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger; // only the methods the preparation calls
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function preparation(fetchImpl: typeof fetch) {
  const modelsDir = mkdtempSync(join(tmpdir(), "verbatim-llm-prep-"));
  folders.push(modelsDir);
  const prepared = new ModelPreparation(
    {
      modelsDir,
      models: {
        fast: "tiny",
        accurate: "tiny",
        autoDownload: true,
        baseUrl: "http://mirror.invalid/models",
        downloads: [entry.name],
      },
    },
    quiet,
    { fetchImpl },
  );
  return { prepared, modelsDir };
}

describe("the language model in MODELS_DOWNLOAD_ORDER", () => {
  it("is downloaded from the mirror like a speech model, and a failure names the file and folder", async () => {
    const asked: string[] = [];
    const { prepared, modelsDir } = preparation((url) => {
      asked.push(String(url));
      return Promise.resolve(new Response("no", { status: 404 }));
    });
    await prepared.start(true);
    await prepared.settled();
    expect(asked).toEqual([`http://mirror.invalid/models/${entry.fileName}`]);
    const status = prepared.status(entry.name);
    expect(status).toMatchObject({ state: "failed", fileName: entry.fileName, folder: modelsDir });
    expect(status?.instructions).toContain(join(modelsDir, entry.fileName));
  });

  it("is left alone when its file is already there", async () => {
    const fetched: string[] = [];
    const { prepared, modelsDir } = preparation((url) => {
      fetched.push(String(url));
      return Promise.resolve(new Response("no", { status: 404 }));
    });
    const path = join(modelsDir, entry.fileName);
    writeFileSync(path, "GGUF");
    truncateSync(path, entry.sizeBytes); // sparse: the published size, no disk used
    await prepared.start(true);
    await prepared.settled();
    expect(fetched).toEqual([]);
    expect(prepared.status(entry.name)).toBeUndefined();
  });
});
