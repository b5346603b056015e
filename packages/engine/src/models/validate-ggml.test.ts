import { mkdtemp, open, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureEmptyTestModel, ensureRandomModel } from "../../test/support/random-model.js";
import {
  expectSharedFixture,
  skipWithoutShared,
  WHISPER_CPP_FIXTURE,
} from "../../test/support/shared-fixtures.js";
import { tensorRecordBytes, whisperTensorSpecs } from "./ggml-layout.js";
import { validateModelFile } from "./validate-ggml.js";

let dir: string;
let empty: Buffer;
let randomTiny: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "verbatim-validate-"));
  empty = await readFile(await ensureEmptyTestModel());
  randomTiny = await ensureRandomModel("tiny");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeCase(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** The first `length` bytes of the random tiny model, without reading all 77 MB. */
async function prefixOfRandomTiny(length: number): Promise<Buffer> {
  const file = await open(randomTiny, "r");
  try {
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, 0);
    return buffer;
  } finally {
    await file.close();
  }
}

describe("validateModelFile", () => {
  it("accepts the weightless test model and reports no tensors", async () => {
    const info = await validateModelFile(await writeCase("empty.bin", empty));
    expect(info).toMatchObject({
      sizeClass: "tiny",
      multilingual: true,
      weightType: "f16",
      vocabTokens: 50_257,
      tensorCount: 0,
      hasTensors: false,
      melFilters: { nMel: 80, nFft: 201 },
    });
    expect(info.hparams.n_audio_layer).toBe(4);
  });

  // Skipped only outside CI on a clone without the shared folder; under CI a missing file fails.
  it.skipIf(skipWithoutShared(WHISPER_CPP_FIXTURE))("accepts whisper.cpp's own for-tests fixture", async () => {
    expectSharedFixture(WHISPER_CPP_FIXTURE);
    const info = await validateModelFile(WHISPER_CPP_FIXTURE);
    expect(info).toMatchObject({ sizeClass: "tiny", hasTensors: false, vocabTokens: 50_257 });
  });

  it("accepts a complete model and counts its tensors", async () => {
    const info = await validateModelFile(randomTiny);
    expect(info).toMatchObject({ sizeClass: "tiny", hasTensors: true, tensorCount: 167 });
  });

  it("rejects a wrong magic number", async () => {
    const bytes = Buffer.from(empty);
    bytes.write("abcd", 0, "latin1");
    const path = await writeCase("magic.bin", bytes);
    await expect(validateModelFile(path)).rejects.toMatchObject({
      code: "MODEL_INVALID",
      message: expect.stringMatching(/is not a valid whisper\.cpp model: wrong magic 0x64636261/),
    });
  });

  it("names GGUF files and HTML error pages", async () => {
    const gguf = await writeCase("model.gguf", Buffer.concat([Buffer.from("GGUF"), empty.subarray(4)]));
    await expect(validateModelFile(gguf)).rejects.toThrow(/GGUF file/);
    const html = await writeCase("page.bin", Buffer.from("<!DOCTYPE html><html>rate limited</html>"));
    await expect(validateModelFile(html)).rejects.toThrow(/web page/);
  });

  it("rejects a file cut off inside the header", async () => {
    const path = await writeCase("header.bin", empty.subarray(0, 20));
    await expect(validateModelFile(path)).rejects.toThrow(/truncated: it ends inside the header/);
  });

  it("rejects a file cut off inside the vocabulary", async () => {
    const path = await writeCase("vocab.bin", empty.subarray(0, empty.length - 1000));
    await expect(validateModelFile(path)).rejects.toThrow(
      /truncated: it ends inside the vocabulary \(token \d+ of 50257\)/,
    );
  });

  it("rejects a file cut off inside a tensor", async () => {
    const path = await writeCase("tensor.bin", await prefixOfRandomTiny(empty.length + 5000));
    await expect(validateModelFile(path)).rejects.toThrow(
      /truncated: it ends inside tensor "encoder.positional_embedding" \(1 of 167\)/,
    );
  });

  it("rejects a file that stops between tensors", async () => {
    const first = whisperTensorSpecs((await validateModelFile(randomTiny)).hparams)[0];
    if (!first) throw new Error("no tensors");
    const cut = empty.length + (tensorRecordBytes(first, 0) ?? 0);
    const path = await writeCase("between.bin", await prefixOfRandomTiny(cut));
    await expect(validateModelFile(path)).rejects.toThrow(/has 1 of 167 tensors/);
  });

  it("rejects random bytes and implausible headers", async () => {
    const noise = Buffer.alloc(4096);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) % 251;
    await expect(validateModelFile(await writeCase("noise.bin", noise))).rejects.toMatchObject({
      code: "MODEL_INVALID",
    });
    const header = Buffer.from(empty.subarray(0, 4096));
    header.writeInt32LE(-5, 4 + 4 * 4); // n_audio_layer
    await expect(validateModelFile(await writeCase("hparams.bin", header))).rejects.toThrow(
      /implausible header: n_audio_layer = -5/,
    );
  });

  it("rejects an empty file and reports a missing one as not found", async () => {
    await expect(validateModelFile(await writeCase("zero.bin", new Uint8Array()))).rejects.toThrow(
      /the file is empty/,
    );
    await expect(validateModelFile(join(dir, "absent.bin"))).rejects.toMatchObject({
      code: "MODEL_NOT_FOUND",
    });
  });

  it("checks the published size when the file carries a registry name", async () => {
    const named = join(dir, "ggml-tiny.bin");
    await symlink(randomTiny, named);
    await expect(validateModelFile(named)).rejects.toThrow(
      /published ggml-tiny\.bin is 77691713 bytes.*verbatim models download tiny/,
    );
    await expect(validateModelFile(named, { expectedBytes: null })).resolves.toMatchObject({
      hasTensors: true,
    });
  });
});
