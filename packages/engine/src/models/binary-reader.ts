import type { FileHandle } from "node:fs/promises";

/** Raised when a read runs past the end of the file; the validator turns it into "truncated". */
export class EndOfFileError extends Error {
  override readonly name = "EndOfFileError";
}

/** Reads little-endian values from a file through a small window, so big files are never loaded. */
export class BinaryFileReader {
  private window = Buffer.alloc(0);
  private windowStart = 0;
  private offset = 0;

  constructor(
    private readonly file: FileHandle,
    /** Total size of the file in bytes. */
    readonly size: number,
    private readonly windowBytes = 256 * 1024,
  ) {}

  /** Current byte offset in the file. */
  get position(): number {
    return this.offset;
  }

  /** Bytes left between the current position and the end of the file. */
  get remaining(): number {
    return this.size - this.offset;
  }

  /** Reads a signed 32-bit little-endian integer. */
  async int32(): Promise<number> {
    return (await this.bytes(4)).readInt32LE(0);
  }

  /** Reads an unsigned 32-bit little-endian integer. */
  async uint32(): Promise<number> {
    return (await this.bytes(4)).readUInt32LE(0);
  }

  /**
   * The next unsigned 32-bit integer when the window already holds it, else undefined (and
   * nothing is read): a walk over many small records (the vocabulary's 51,865 tokens) takes
   * them without a promise each, awaiting uint32() only when the window runs out.
   */
  bufferedUint32(): number | undefined {
    const from = this.offset - this.windowStart;
    if (from < 0 || from + 4 > this.window.length) return undefined;
    this.offset += 4;
    return this.window.readUInt32LE(from);
  }

  /** Reads `count` bytes; throws EndOfFileError when the file ends first. */
  async bytes(count: number): Promise<Buffer> {
    if (count > this.remaining) {
      throw new EndOfFileError(`needs ${count} bytes at offset ${this.offset}, file has ${this.size}`);
    }
    const from = this.offset - this.windowStart;
    if (from < 0 || from + count > this.window.length) await this.fill(count);
    const start = this.offset - this.windowStart;
    this.offset += count;
    return this.window.subarray(start, start + count);
  }

  /** Moves forward `count` bytes without reading them; throws EndOfFileError past the end. */
  skip(count: number): void {
    if (count > this.remaining) {
      throw new EndOfFileError(`needs ${count} bytes at offset ${this.offset}, file has ${this.size}`);
    }
    this.offset += count;
  }

  private async fill(atLeast: number): Promise<void> {
    // Reading on from the last window (the vocabulary) gets a big window; a read after a skip
    // (the next tensor header) gets a small one, so walking tensors does not drag in weights.
    const sequential = this.offset === this.windowStart + this.window.length;
    const wanted = sequential ? this.windowBytes : 4096;
    const length = Math.min(Math.max(atLeast, wanted), this.remaining);
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await this.file.read(buffer, filled, length - filled, this.offset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled < atLeast) {
      throw new EndOfFileError(`file shrank while reading at offset ${this.offset}`);
    }
    this.window = buffer.subarray(0, filled);
    this.windowStart = this.offset;
  }
}
