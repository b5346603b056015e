import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BinaryFileReader } from "./binary-reader.js";

// bufferedUint32: the vocabulary walk's way through 51,865 tokens without a promise each.

let dir: string;
let path: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "verbatim-binary-reader-"));
  path = join(dir, "numbers.bin");
  const bytes = Buffer.alloc(4 * 10);
  for (let i = 0; i < 10; i++) bytes.writeUInt32LE(1000 + i, 4 * i);
  await writeFile(path, bytes);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("BinaryFileReader.bufferedUint32", () => {
  it("reads from the window it has, and reads nothing once the window runs out", async () => {
    const file = await open(path, "r");
    try {
      // A 12-byte window: three numbers at a time.
      const reader = new BinaryFileReader(file, 40, 12);
      expect(reader.bufferedUint32()).toBeUndefined(); // nothing read yet
      expect(reader.position).toBe(0);
      expect(await reader.uint32()).toBe(1000); // fills the window
      expect(reader.bufferedUint32()).toBe(1001);
      expect(reader.bufferedUint32()).toBe(1002);
      expect(reader.bufferedUint32()).toBeUndefined(); // past the window: nothing moves
      expect(reader.position).toBe(12);
      expect(await reader.uint32()).toBe(1003);
      reader.skip(4);
      expect(reader.bufferedUint32()).toBe(1005);
      expect(reader.position).toBe(24);
    } finally {
      await file.close();
    }
  });
});
