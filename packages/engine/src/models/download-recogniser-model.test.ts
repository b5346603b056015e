import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startTestFileServer, type TestFileServer } from "../../test/support/test-file-server.js";
import { tarBz2, type TestArchiveEntry } from "../../test/support/tar-bz2.js";
import { downloadRecogniserModel } from "./download-recogniser-model.js";
import { RECOGNISER_MODEL_REGISTRY, type RecogniserModelEntry } from "./recogniser-registry.js";
import { unpackTarBz2, UnsafeArchiveError } from "./unpack-archive.js";

// Small generated archives and files stand in for the published ones, served by a local mirror:
// nothing here reaches the internet. The registry's real entries are used with the size and
// SHA-256 of what the test serves.

const TOP = "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-int8-2024-07-17";
const senseVoiceReal = RECOGNISER_MODEL_REGISTRY.find((e) => e.name === "sensevoice-small")!;
const parakeetReal = RECOGNISER_MODEL_REGISTRY.find((e) => e.name === "parakeet-tdt-0.6b-v3")!;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A SenseVoice archive as sherpa-onnx lays it out (one top folder), with fake weights. */
function senseVoiceEntries(modelBytes = 200_000): TestArchiveEntry[] {
  return [
    { header: { name: `${TOP}/`, type: "directory" } },
    { header: { name: `${TOP}/model.int8.onnx` }, body: Buffer.alloc(modelBytes, 7) },
    { header: { name: `${TOP}/tokens.txt` }, body: "<blk> 0\n" },
    { header: { name: `${TOP}/test_wavs/`, type: "directory" } },
    { header: { name: `${TOP}/test_wavs/yue.wav` }, body: Buffer.alloc(1000, 1) },
  ];
}

let server: TestFileServer;
let dir: string;
const files: Record<string, Buffer> = {};

/** The real entry, sized and hashed for `bytes` served under `downloadName`. */
function entryFor(
  real: RecogniserModelEntry,
  downloadName: string,
  bytes: Buffer,
  overrides: Partial<RecogniserModelEntry> = {},
): RecogniserModelEntry {
  files[downloadName] = bytes;
  return { ...real, downloadName, sizeBytes: bytes.length, sha256: sha256(bytes), ...overrides };
}

beforeAll(async () => {
  server = await startTestFileServer(files);
  dir = await mkdtemp(join(tmpdir(), "verbatim-recogniser-download-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the Parakeet and SenseVoice entries", () => {
  it("pin the published size and SHA-256 of what is downloaded", () => {
    expect(parakeetReal).toMatchObject({
      downloadName: "ggml-parakeet-tdt-0.6b-v3-f16.bin",
      sizeBytes: 1_255_897_319,
      sha256: "833bffc9513b2cae867ee9e51633cfd11e4d51aaa5597c8ac02159385a2b426f",
      archive: null,
    });
    expect(senseVoiceReal).toMatchObject({
      downloadName: `${TOP}.tar.bz2`,
      sizeBytes: 163_002_883,
      sha256: "7d1efa2138a65b0b488df37f8b89e3d91a60676e416f515b952358d83dfd347e",
      archive: { format: "tar.bz2" },
    });
    for (const entry of RECOGNISER_MODEL_REGISTRY) {
      expect(entry.url.endsWith(`/${entry.downloadName}`)).toBe(true);
    }
  });
});

describe("unpacking an archive", () => {
  const limits = { maxBytes: 1_000_000, maxEntries: 20 };

  async function unpack(entries: TestArchiveEntry[], padding = 0, bound = limits) {
    const archive = join(dir, `case-${Math.random().toString(36).slice(2)}.tar.bz2`);
    await writeFile(archive, await tarBz2(entries, padding));
    const into = join(dir, `into-${Math.random().toString(36).slice(2)}`);
    return { into, result: unpackTarBz2(archive, into, bound) };
  }

  it("puts the top folder's files into the target folder", async () => {
    const { into, result } = await unpack(senseVoiceEntries(1000));
    await expect(result).resolves.toEqual({ files: 3, bytes: 1000 + 8 + 1000 });
    expect((await readdir(into)).sort()).toEqual(["model.int8.onnx", "test_wavs", "tokens.txt"]);
  });

  // An absolute target of this run's own (not a fixed /tmp name another run may have left behind).
  const absoluteTarget = join(tmpdir(), `verbatim-escaped-${randomUUID()}.txt`);
  it.each([
    ["a path climbing out", { name: `${TOP}/../../escaped.txt` }, /climbs out/],
    ["an absolute path", { name: absoluteTarget }, /absolute path/],
    [
      "a symbolic link pointing out",
      { name: `${TOP}/model.int8.onnx`, type: "symlink", linkname: "/etc/passwd" },
      /symlink to \/etc\/passwd/,
    ],
    [
      "a hard link pointing out",
      { name: `${TOP}/tokens.txt`, type: "link", linkname: "../../outside" },
      /is a link/,
    ],
    ["a second top folder", { name: "elsewhere/tokens.txt" }, /outside the archive's folder/],
  ] as const)("refuses %s, writing nothing outside", async (_what, header, message) => {
    const hostile: TestArchiveEntry =
      "type" in header ? { header: { ...header } } : { header: { ...header }, body: "x" };
    const { into, result } = await unpack([...senseVoiceEntries(10).slice(0, 2), hostile]);
    await expect(result).rejects.toThrow(message);
    await expect(result).rejects.toBeInstanceOf(UnsafeArchiveError);
    expect(existsSync(join(dir, "escaped.txt"))).toBe(false);
    expect(existsSync(absoluteTarget)).toBe(false);
    expect(existsSync(join(into, "tokens.txt"))).toBe(false);
  });

  it("stops a file that would unpack past the bound before writing it", async () => {
    const { result } = await unpack(senseVoiceEntries(1_100_000));
    await expect(result).rejects.toThrow(/unpacks to more than 1000000 bytes/);
  });

  it("stops inflating at the bound even where no entry says how big it is", async () => {
    // 4 MB of zeros after the tar's end: a few dozen bytes compressed, past the 2 MB bound.
    const { result } = await unpack(senseVoiceEntries(10), 4 << 20);
    await expect(result).rejects.toThrow(/inflates past/);
  });
});

describe("downloadRecogniserModel", () => {
  it("downloads SenseVoice's archive from the mirror, resuming a truncated download, and unpacks it into place", async () => {
    const archive = await tarBz2(senseVoiceEntries());
    const entry = entryFor(senseVoiceReal, "sv-good.tar.bz2", archive);
    const models = join(dir, "models-sv");
    // What an interrupted transfer leaves: the first half, which the next run continues.
    const half = Math.floor(archive.length / 2);
    await mkdir(models, { recursive: true });
    await writeFile(join(models, "sv-good.tar.bz2.partial"), archive.subarray(0, half));
    const progress: number[] = [];
    let unpacking = false;
    const done = await downloadRecogniserModel("sensevoice-small", models, {
      registry: [entry],
      baseUrl: server.baseUrl,
      onProgress: (received) => progress.push(received),
      onUnpacking: () => (unpacking = true),
    });
    expect(done).toMatchObject({ alreadyInstalled: false, checksumVerified: true });
    expect(done.resumedFrom).toBe(half);
    expect(server.requests.at(-1)).toMatchObject({ path: "sv-good.tar.bz2", range: `bytes=${half}-` });
    expect(progress.at(-1)).toBe(archive.length);
    expect(unpacking).toBe(true);
    expect(done.path).toBe(join(models, TOP));
    expect(await readFile(join(models, TOP, "tokens.txt"), "utf8")).toBe("<blk> 0\n");
    expect((await readdir(models)).sort()).toEqual([TOP]);
    const again = await downloadRecogniserModel("sensevoice-small", models, { registry: [entry] });
    expect(again.alreadyInstalled).toBe(true);
  });

  it("refuses an archive whose SHA-256 is not the pinned one, installing nothing", async () => {
    const archive = await tarBz2(senseVoiceEntries());
    const entry = entryFor(senseVoiceReal, "sv-tampered.tar.bz2", archive, { sha256: "0".repeat(64) });
    const models = join(dir, "models-tampered");
    await expect(
      downloadRecogniserModel("sensevoice-small", models, { registry: [entry], baseUrl: server.baseUrl }),
    ).rejects.toThrow(/damaged: its sha256 is [0-9a-f]{64}, expected 0{64}/);
    expect(await readdir(models)).toEqual([]);
  });

  it("refuses a hostile archive even with a matching hash, leaving no folder behind", async () => {
    const archive = await tarBz2([
      ...senseVoiceEntries(10),
      { header: { name: `${TOP}/evil`, type: "symlink", linkname: "../../../etc/passwd" } },
    ]);
    const entry = entryFor(senseVoiceReal, "sv-hostile.tar.bz2", archive);
    const models = join(dir, "models-hostile");
    await expect(
      downloadRecogniserModel("sensevoice-small", models, { registry: [entry], baseUrl: server.baseUrl }),
    ).rejects.toThrow(/archive cannot be used: entry .*evil" is a symlink/);
    expect(await readdir(models)).toEqual([]);
  });

  it("installs a download with no published SHA-256 but never calls it verified", async () => {
    const archive = await tarBz2(senseVoiceEntries());
    const entry = entryFor(senseVoiceReal, "sv-unpinned.tar.bz2", archive, { sha256: null });
    const done = await downloadRecogniserModel("sensevoice-small", join(dir, "models-unpinned"), {
      registry: [entry],
      baseUrl: server.baseUrl,
    });
    expect(done).toMatchObject({ alreadyInstalled: false, checksumVerified: false });
  });

  it("refuses a Parakeet download that is not a Parakeet file", async () => {
    const bytes = Buffer.alloc(4096, 3);
    const entry = entryFor(parakeetReal, "pk-bad.bin", bytes);
    const models = join(dir, "models-parakeet");
    await expect(
      downloadRecogniserModel("parakeet-tdt-0.6b-v3", models, { registry: [entry], baseUrl: server.baseUrl }),
    ).rejects.toThrow(/damaged: it is not a Parakeet model file/);
    expect(await readdir(models)).toEqual([]);
  });
});
