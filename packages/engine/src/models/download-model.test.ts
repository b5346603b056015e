import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { ensureEmptyTestModel, ensureRandomModel } from "../../test/support/random-model.js";
import {
  startTestFileServer,
  unusedLocalPort,
  type TestFileServer,
} from "../../test/support/test-file-server.js";
import { downloadModel } from "./download-model.js";
import { MODEL_BASE_URL_ENV, type Checksum, type ModelEntry } from "./registry.js";

let server: TestFileServer;
let dir: string;
let small: Buffer; // the weightless test model, ~600 KB
let full: Buffer; // a random-weight tiny model, ~78 MB

function entry(name: string, bytes: Buffer, checksum?: Checksum | null): ModelEntry {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return {
    name,
    fileName: `ggml-${name}.bin`,
    sizeBytes: bytes.length,
    checksum: checksum === undefined ? { algorithm: "sha256", value: sha256 } : checksum,
    url: `https://example.invalid/ggml-${name}.bin`,
    multilingual: true,
    sizeClass: "tiny",
    quantization: null,
  };
}

beforeAll(async () => {
  small = await readFile(await ensureEmptyTestModel());
  full = await readFile(await ensureRandomModel("tiny"));
  server = await startTestFileServer({
    "ggml-small-test.bin": small,
    "ggml-full-test.bin": full,
    "ggml-not-a-model.bin": Buffer.alloc(small.length, 7),
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "verbatim-download-"));
  server.requests.length = 0;
});

afterEach(async () => {
  delete process.env[MODEL_BASE_URL_ENV];
  await rm(dir, { recursive: true, force: true });
});

describe("downloadModel", () => {
  it("downloads, reports progress, verifies and renames into place", async () => {
    const registry = [entry("full-test", full)];
    const progress: Array<[number, number]> = [];
    const result = await downloadModel("full-test", dir, {
      registry,
      baseUrl: server.baseUrl,
      onProgress: (received, total) => progress.push([received, total]),
    });
    expect(result).toMatchObject({ resumedFrom: 0, alreadyInstalled: false, checksumVerified: true });
    expect(result.path).toBe(join(dir, "ggml-full-test.bin"));
    expect(result.info).toMatchObject({ hasTensors: true, sizeClass: "tiny" });
    expect((await stat(result.path)).size).toBe(full.length);
    expect(existsSync(`${result.path}.partial`)).toBe(false);
    expect(progress.at(-1)).toEqual([full.length, full.length]);
    expect(progress.every(([received], i) => i === 0 || received >= (progress[i - 1]?.[0] ?? 0))).toBe(true);

    const again = await downloadModel("full-test", dir, { registry, baseUrl: server.baseUrl });
    expect(again.alreadyInstalled).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("resumes an interrupted transfer with a Range request", async () => {
    const registry = [entry("small-test", small)];
    server.behave({ cutAfterBytes: 200_000 });
    const options = { registry, baseUrl: server.baseUrl };
    await expect(downloadModel("small-test", dir, options)).rejects.toMatchObject({
      code: "MODEL_DOWNLOAD_FAILED",
      message: expect.stringMatching(/was interrupted after \d+ of \d+ bytes.*run the same command again/i),
    });
    const partial = join(dir, "ggml-small-test.bin.partial");
    const kept = (await stat(partial)).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(small.length);

    const result = await downloadModel("small-test", dir, options);
    expect(server.requests[1]?.range).toBe(`bytes=${kept}-`);
    expect(result.resumedFrom).toBe(kept);
    expect((await readFile(result.path)).equals(small)).toBe(true);
  });

  it("starts over when the server ignores Range and answers 200", async () => {
    const registry = [entry("small-test", small)];
    await writeFile(join(dir, "ggml-small-test.bin.partial"), small.subarray(0, 1000));
    server.behave({ ignoreRange: true });
    const result = await downloadModel("small-test", dir, { registry, baseUrl: server.baseUrl });
    expect(server.requests[0]?.range).toBe("bytes=1000-");
    expect(result.resumedFrom).toBe(0);
    expect((await readFile(result.path)).equals(small)).toBe(true);
  });

  it("deletes the partial file when the checksum does not match", async () => {
    const registry = [entry("small-test", small, { algorithm: "sha256", value: "0".repeat(64) })];
    await expect(
      downloadModel("small-test", dir, { registry, baseUrl: server.baseUrl }),
    ).rejects.toMatchObject({
      code: "MODEL_DOWNLOAD_FAILED",
      message: expect.stringMatching(/is damaged: its sha256 is [0-9a-f]{64}, expected 0{64}/),
    });
    expect(existsSync(join(dir, "ggml-small-test.bin.partial"))).toBe(false);
    expect(existsSync(join(dir, "ggml-small-test.bin"))).toBe(false);
  });

  it("verifies SHA-1 checksums too", async () => {
    const sha1 = createHash("sha1").update(small).digest("hex");
    const registry = [entry("small-test", small, { algorithm: "sha1", value: sha1 })];
    const result = await downloadModel("small-test", dir, { registry, baseUrl: server.baseUrl });
    expect(result.checksumVerified).toBe(true);
  });

  it("rejects a file that is not a model even without a checksum", async () => {
    const junk = Buffer.alloc(small.length, 7);
    const registry = [entry("not-a-model", junk, null)];
    await expect(
      downloadModel("not-a-model", dir, { registry, baseUrl: server.baseUrl }),
    ).rejects.toThrow(/is damaged: it is not a whisper\.cpp model \(wrong magic 0x07070707/);
    expect(existsSync(join(dir, "ggml-not-a-model.bin.partial"))).toBe(false);
  });

  it("stops early when the server offers a different size", async () => {
    const registry = [{ ...entry("small-test", small), sizeBytes: small.length + 10 }];
    await expect(
      downloadModel("small-test", dir, { registry, baseUrl: server.baseUrl }),
    ).rejects.toThrow(`the server offers ${small.length} bytes, expected ${small.length + 10}`);
  });

  it("reports an HTTP 404 with the URL and where to put the file by hand", async () => {
    const registry = [entry("missing-test", small)];
    const error = await downloadModel("missing-test", dir, { registry, baseUrl: server.baseUrl }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "MODEL_DOWNLOAD_FAILED" });
    expect((error as Error).message).toContain("HTTP 404");
    expect((error as Error).message).toContain(`${server.baseUrl}/ggml-missing-test.bin`);
    expect((error as Error).message).toContain(join(dir, "ggml-missing-test.bin"));
  });

  it("says the machine seems offline when the connection is refused", async () => {
    const port = await unusedLocalPort();
    const registry = [entry("small-test", small)];
    const error = await downloadModel("small-test", dir, {
      registry,
      baseUrl: `http://127.0.0.1:${port}`,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "MODEL_DOWNLOAD_FAILED" });
    const message = (error as Error).message;
    expect(message).toMatch(/cannot be reached \(ECONNREFUSED\); this machine seems to be offline/);
    expect(message).toContain(`download http://127.0.0.1:${port}/ggml-small-test.bin by hand`);
    expect(message).toContain(`save it as ${join(dir, "ggml-small-test.bin")}`);
  });

  it("says the machine seems offline when the host name does not resolve", async () => {
    const registry = [entry("small-test", small)];
    const fetchImpl = (() => {
      const cause = Object.assign(new Error("getaddrinfo ENOTFOUND huggingface.co"), {
        code: "ENOTFOUND",
      });
      return Promise.reject(new TypeError("fetch failed", { cause }));
    }) as typeof fetch;
    await expect(downloadModel("small-test", dir, { registry, fetchImpl })).rejects.toThrow(
      /example\.invalid cannot be reached \(ENOTFOUND\); this machine seems to be offline/,
    );
  });

  it("takes the server from VERBATIM_MODEL_BASE_URL", async () => {
    process.env[MODEL_BASE_URL_ENV] = server.baseUrl;
    const result = await downloadModel("small-test", dir, { registry: [entry("small-test", small)] });
    expect(result.checksumVerified).toBe(true);
    expect(server.requests[0]?.path).toBe("ggml-small-test.bin");
  });

  it("reports cancellation and unknown names with their own codes", async () => {
    const registry = [entry("small-test", small)];
    const controller = new AbortController();
    controller.abort();
    await expect(
      downloadModel("small-test", dir, { registry, baseUrl: server.baseUrl, signal: controller.signal }),
    ).rejects.toMatchObject({ code: "CANCELLED" });
    await expect(downloadModel("nope", dir)).rejects.toMatchObject({ code: "MODEL_NOT_FOUND" });
  });
});
