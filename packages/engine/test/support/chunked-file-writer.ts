import type { FileHandle } from "node:fs/promises";

/** Collects small writes into large chunks and awaits each disk write, so memory stays bounded. */
export class ChunkedFileWriter {
  private readonly chunk: Buffer;
  private used = 0;
  /** Bytes written so far (flushed or pending). */
  bytesWritten = 0;

  constructor(
    private readonly file: FileHandle,
    chunkBytes = 4 * 1024 * 1024,
  ) {
    this.chunk = Buffer.allocUnsafe(chunkBytes);
  }

  /** Appends bytes; flushes to disk whenever the chunk fills. */
  async write(data: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < data.length) {
      const n = Math.min(data.length - offset, this.chunk.length - this.used);
      this.chunk.set(data.subarray(offset, offset + n), this.used);
      this.used += n;
      offset += n;
      if (this.used === this.chunk.length) await this.flush();
    }
    this.bytesWritten += data.length;
  }

  /** Appends little-endian int32 values. */
  async int32(...values: number[]): Promise<void> {
    const buffer = Buffer.allocUnsafe(4 * values.length);
    values.forEach((value, i) => buffer.writeInt32LE(value, i * 4));
    await this.write(buffer);
  }

  /** Writes out whatever is pending. */
  async flush(): Promise<void> {
    let done = 0;
    while (done < this.used) {
      const { bytesWritten } = await this.file.write(this.chunk, done, this.used - done);
      done += bytesWritten;
    }
    this.used = 0;
  }
}
