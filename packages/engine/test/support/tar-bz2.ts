import { execFileSync } from "node:child_process";

import { pack, type Header } from "tar-stream";

/** One entry of a test archive: its header (any type, any name) and a file's bytes. */
export interface TestArchiveEntry {
  header: Partial<Header> & Pick<Header, "name">;
  body?: Buffer | string;
}

/**
 * A .tar.bz2 of `entries` exactly as given (hostile names and links included), with `padding`
 * zero bytes after the tar's end, compressed by the system's bzip2.
 */
export async function tarBz2(entries: TestArchiveEntry[], padding = 0): Promise<Buffer> {
  const packer = pack();
  const chunks: Buffer[] = [];
  packer.on("data", (chunk) => chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve, reject) => {
    packer.on("end", () => resolve());
    packer.on("error", reject);
  });
  for (const { header, body } of entries) {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (body === undefined) packer.entry(header, done);
      else packer.entry(header, body, done);
    });
  }
  packer.finalize();
  await ended;
  const tar = Buffer.concat([...chunks, Buffer.alloc(padding)]);
  return execFileSync("bzip2", ["-c", "-9"], { input: tar, maxBuffer: 1 << 28 });
}
