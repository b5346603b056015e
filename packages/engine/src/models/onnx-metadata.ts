// The metadata of an ONNX file (ModelProto.metadata_props) without loading its graph: the file
// is read as protobuf's wire format one top-level field at a time, and every field but the
// metadata (the graph with its weights, hundreds of MB) is skipped by its length. A few small
// reads, whatever the size of the model.
import { open, type FileHandle } from "node:fs/promises";

/** ModelProto's field numbers (onnx.proto): metadata_props, and StringStringEntryProto's. */
const METADATA_PROPS = 14;
const ENTRY_KEY = 1;
const ENTRY_VALUE = 2;
/** Protobuf wire types. */
const VARINT = 0;
const FIXED64 = 1;
const LENGTH_DELIMITED = 2;
const FIXED32 = 5;
/** One metadata entry larger than this is not metadata any exporter writes. */
const MAX_ENTRY_BYTES = 4 << 20;

/** Thrown when the file is not a well-formed ONNX model at its top level. */
export class OnnxFormatError extends Error {}

/** The key → value metadata of the ONNX model at `path`. */
export async function readOnnxMetadata(path: string): Promise<Map<string, string>> {
  const file = await open(path, "r");
  try {
    const size = (await file.stat()).size;
    const metadata = new Map<string, string>();
    let at = 0;
    while (at < size) {
      const tag = await varintAt(file, at, size);
      at = tag.next;
      const field = Math.floor(tag.value / 8);
      const wire = tag.value % 8;
      if (field === 0) throw new OnnxFormatError("field number 0");
      if (wire === VARINT) {
        at = (await varintAt(file, at, size)).next;
      } else if (wire === FIXED64) {
        at += 8;
      } else if (wire === FIXED32) {
        at += 4;
      } else if (wire === LENGTH_DELIMITED) {
        const length = await varintAt(file, at, size);
        at = length.next;
        if (at + length.value > size) throw new OnnxFormatError("a field runs past the end");
        if (field === METADATA_PROPS) {
          if (length.value > MAX_ENTRY_BYTES) throw new OnnxFormatError("a metadata entry too large");
          const entry = Buffer.alloc(length.value);
          await file.read(entry, 0, length.value, at);
          const [key, value] = readEntry(entry);
          metadata.set(key, value);
        }
        at += length.value;
      } else {
        throw new OnnxFormatError(`wire type ${wire}`);
      }
    }
    if (at !== size) throw new OnnxFormatError("the last field runs past the end");
    return metadata;
  } finally {
    await file.close();
  }
}

/** A StringStringEntryProto: its key and value (empty when absent). */
function readEntry(bytes: Buffer): [string, string] {
  let key = "";
  let value = "";
  let at = 0;
  while (at < bytes.length) {
    const tag = varintIn(bytes, at);
    at = tag.next;
    if (tag.value % 8 !== LENGTH_DELIMITED) throw new OnnxFormatError("a metadata entry's field");
    const length = varintIn(bytes, at);
    at = length.next;
    const end = at + length.value;
    if (end > bytes.length) throw new OnnxFormatError("a metadata entry runs past its end");
    const text = bytes.toString("utf8", at, end);
    const field = Math.floor(tag.value / 8);
    if (field === ENTRY_KEY) key = text;
    else if (field === ENTRY_VALUE) value = text;
    at = end;
  }
  return [key, value];
}

async function varintAt(file: FileHandle, at: number, size: number) {
  const bytes = Buffer.alloc(10);
  const { bytesRead } = await file.read(bytes, 0, Math.min(10, size - at), at);
  const read = varintIn(bytes.subarray(0, bytesRead), 0);
  return { value: read.value, next: at + read.next };
}

/** A varint below 2^53 (lengths and tags; larger values are not needed and refused). */
function varintIn(bytes: Buffer, at: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = at; i < bytes.length && i < at + 8; i++) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if ((byte & 0x80) === 0) return { value, next: i + 1 };
  }
  throw new OnnxFormatError("a varint that does not end");
}
