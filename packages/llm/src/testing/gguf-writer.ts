// A GGUF v3 writer, enough to write models the tests make up: metadata of every scalar kind
// and arrays of them, tensor infos, and tensor data streamed to disk (a 1.1 GB model never sits
// in memory). Layout (ggml's docs/gguf.md): "GGUF", version 3, tensor count (u64), metadata
// count (u64), the metadata key/values, the tensor infos (name, dims innermost first, type,
// offset in the data section), padding to the alignment, then the data.
import { open, rename, rm } from "node:fs/promises";

export const GGUF_ALIGNMENT = 32;

/** ggml tensor types used here (ggml.h's enum ggml_type). */
export const GgmlType = { F32: 0, F16: 1, Q4_K: 12, Q6_K: 14 } as const;
export type GgmlTypeId = (typeof GgmlType)[keyof typeof GgmlType];

/** Block size (elements) and bytes per block of each type. */
const BLOCK: Record<GgmlTypeId, { elements: number; bytes: number }> = {
  [GgmlType.F32]: { elements: 1, bytes: 4 },
  [GgmlType.F16]: { elements: 1, bytes: 2 },
  [GgmlType.Q4_K]: { elements: 256, bytes: 144 },
  [GgmlType.Q6_K]: { elements: 256, bytes: 210 },
};

const enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}

/** A metadata value, tagged with how it is stored. */
export type GgufValue =
  | { u32: number }
  | { i32: number }
  | { f32: number }
  | { bool: boolean }
  | { str: string }
  | { strings: readonly string[] }
  | { i32s: readonly number[] };

export interface GgufTensor {
  name: string;
  /** Dimensions, innermost (row length) first, as ggml's ne[]. */
  dims: readonly number[];
  type: GgmlTypeId;
  /** Fills `into` (the tensor's bytes `offset` .. offset + into.length). */
  fill: (into: Buffer, offset: number) => void;
}

export function tensorBytes(tensor: Pick<GgufTensor, "dims" | "type">): number {
  const elements = tensor.dims.reduce((a, b) => a * b, 1);
  const block = BLOCK[tensor.type];
  if (elements % block.elements !== 0) {
    throw new Error(`${elements} elements are not whole blocks of ${block.elements}`);
  }
  return (elements / block.elements) * block.bytes;
}

export function blockBytes(type: GgmlTypeId): number {
  return BLOCK[type].bytes;
}

class HeaderBuffer {
  #parts: Buffer[] = [];
  #length = 0;
  get length(): number {
    return this.#length;
  }
  #push(buffer: Buffer) {
    this.#parts.push(buffer);
    this.#length += buffer.length;
  }
  u32(value: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.#push(b);
  }
  i32(value: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.#push(b);
  }
  f32(value: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.#push(b);
  }
  u64(value: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.#push(b);
  }
  u8(value: number) {
    this.#push(Buffer.from([value]));
  }
  str(value: string) {
    const bytes = Buffer.from(value, "utf8");
    this.u64(bytes.length);
    this.#push(bytes);
  }
  bytes(buffer: Buffer) {
    this.#push(buffer);
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.#parts);
  }
}

function writeValue(out: HeaderBuffer, value: GgufValue): void {
  if ("u32" in value) {
    out.u32(ValueType.UINT32);
    out.u32(value.u32);
  } else if ("i32" in value) {
    out.u32(ValueType.INT32);
    out.i32(value.i32);
  } else if ("f32" in value) {
    out.u32(ValueType.FLOAT32);
    out.f32(value.f32);
  } else if ("bool" in value) {
    out.u32(ValueType.BOOL);
    out.u8(value.bool ? 1 : 0);
  } else if ("str" in value) {
    out.u32(ValueType.STRING);
    out.str(value.str);
  } else if ("strings" in value) {
    out.u32(ValueType.ARRAY);
    out.u32(ValueType.STRING);
    out.u64(value.strings.length);
    for (const item of value.strings) out.str(item);
  } else {
    out.u32(ValueType.ARRAY);
    out.u32(ValueType.INT32);
    out.u64(value.i32s.length);
    const b = Buffer.alloc(value.i32s.length * 4);
    value.i32s.forEach((item, index) => b.writeInt32LE(item, index * 4));
    out.bytes(b);
  }
}

const align = (n: number) => Math.ceil(n / GGUF_ALIGNMENT) * GGUF_ALIGNMENT;

/** Writes the file to `path` (through a temporary name, so a half-written file is never used). */
export async function writeGguf(
  path: string,
  metadata: ReadonlyArray<readonly [string, GgufValue]>,
  tensors: readonly GgufTensor[],
): Promise<void> {
  const header = new HeaderBuffer();
  header.bytes(Buffer.from("GGUF", "ascii"));
  header.u32(3);
  header.u64(tensors.length);
  header.u64(metadata.length);
  for (const [key, value] of metadata) {
    header.str(key);
    writeValue(header, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of tensors) {
    header.str(tensor.name);
    header.u32(tensor.dims.length);
    for (const dim of tensor.dims) header.u64(dim);
    header.u32(tensor.type);
    header.u64(offset);
    offsets.push(offset);
    offset = align(offset + tensorBytes(tensor));
  }
  header.bytes(Buffer.alloc(align(header.length) - header.length));
  const partial = `${path}.part`;
  const file = await open(partial, "w");
  try {
    await file.write(header.toBuffer());
    const CHUNK = 32 * 1024 * 1024;
    let written = 0;
    for (const [index, tensor] of tensors.entries()) {
      const start = offsets[index] ?? 0;
      if (start > written) await file.write(Buffer.alloc(start - written));
      written = start;
      const total = tensorBytes(tensor);
      // Whole blocks per chunk, so that a fill can patch each block's scales.
      const unit = blockBytes(tensor.type) * 1024;
      for (let done = 0; done < total;) {
        const size = Math.min(total - done, Math.max(unit, Math.floor(CHUNK / unit) * unit));
        const chunk = Buffer.allocUnsafe(size);
        tensor.fill(chunk, done);
        await file.write(chunk);
        done += size;
        written += size;
      }
    }
    const end = align(written);
    if (end > written) await file.write(Buffer.alloc(end - written));
    await file.close();
    await rename(partial, path);
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}
