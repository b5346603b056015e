import type { FileHandle } from "node:fs/promises";

import {
  GGML_MAGIC,
  GGML_TYPE,
  HPARAM_NAMES,
  tensorTypeFor,
  weightTypeForFtype,
  whisperTensorSpecs,
  type GgmlHparams,
  type TensorSpec,
} from "../../src/models/ggml-layout.js";
import { ChunkedFileWriter } from "./chunked-file-writer.js";
import { toHalfBits } from "./half-float.js";
import { createSeededRandom, type SeededRandom } from "./seeded-random.js";

/** Everything a GGML whisper model file holds besides its weights. */
export interface GgmlModelParts {
  /** Header hyper-parameters. */
  hparams: GgmlHparams;
  /** Mel filterbank, nMel x nFft values row-major. */
  melFilters: { nMel: number; nFft: number; values: Float32Array };
  /** Token byte strings stored in the vocabulary section. */
  vocabulary: Buffer[];
  /** False writes the weightless test-fixture variant (no tensors at all). */
  withTensors: boolean;
  /** PRNG seed for the weights. */
  seed: number;
  /** Standard deviation of the random weights. */
  scale?: number;
}

/** 65,536 pre-drawn normal values (as f32 and as f16 bits), indexed by 16 random bits. */
interface NormalTable {
  f32: Float32Array;
  f16: Uint16Array;
}

const ELEMENTS_PER_BLOCK = 1 << 20;

// Drawing from a table is ~20x faster than Box-Muller per weight, and 65,536 levels are plenty
// for weights whose only job is to exercise the arithmetic.
function normalTable(random: SeededRandom, scale: number): NormalTable {
  const f32 = new Float32Array(1 << 16);
  const f16 = new Uint16Array(1 << 16);
  for (let i = 0; i < f32.length; i++) {
    f32[i] = random.normal() * scale;
    f16[i] = toHalfBits(f32[i] ?? 0);
  }
  return { f32, f16 };
}

function fillFromTable(
  target: Float32Array | Uint16Array,
  table: NormalTable,
  random: SeededRandom,
) {
  const source = target instanceof Uint16Array ? table.f16 : table.f32;
  for (let i = 0; i < target.length; i += 2) {
    const bits = random.uint32();
    target[i] = source[bits & 0xffff] ?? 0;
    if (i + 1 < target.length) target[i + 1] = source[bits >>> 16] ?? 0;
  }
}

async function writeTensor(
  out: ChunkedFileWriter,
  spec: TensorSpec,
  ttype: number,
  table: NormalTable,
  random: SeededRandom,
): Promise<void> {
  const name = Buffer.from(spec.name, "utf8");
  await out.int32(spec.shape.length, name.length, ttype, ...spec.shape);
  await out.write(name);
  let left = spec.shape.reduce((a, b) => a * b, 1);
  while (left > 0) {
    const count = Math.min(left, ELEMENTS_PER_BLOCK);
    const block = ttype === GGML_TYPE.f16 ? new Uint16Array(count) : new Float32Array(count);
    if (spec.fill === undefined) fillFromTable(block, table, random);
    else block.fill(block instanceof Uint16Array ? toHalfBits(spec.fill) : spec.fill);
    await out.write(new Uint8Array(block.buffer, block.byteOffset, block.byteLength));
    left -= count;
  }
}

/** Streams a complete whisper.cpp GGML file into `file` (little-endian host); returns its size. */
export async function writeGgmlModel(file: FileHandle, parts: GgmlModelParts): Promise<number> {
  const out = new ChunkedFileWriter(file);
  const { hparams, melFilters, vocabulary } = parts;
  const magic = Buffer.allocUnsafe(4);
  magic.writeUInt32LE(GGML_MAGIC, 0);
  await out.write(magic);
  await out.int32(...HPARAM_NAMES.map((name) => hparams[name]));
  await out.int32(melFilters.nMel, melFilters.nFft);
  await out.write(new Uint8Array(Float32Array.from(melFilters.values).buffer));
  await out.int32(vocabulary.length);
  for (const token of vocabulary) {
    await out.int32(token.length);
    await out.write(token);
  }
  if (parts.withTensors) {
    const random = createSeededRandom(parts.seed);
    const table = normalTable(random, parts.scale ?? 0.02);
    const weightType = weightTypeForFtype(hparams.ftype) ?? GGML_TYPE.f16;
    for (const spec of whisperTensorSpecs(hparams)) {
      await writeTensor(out, spec, tensorTypeFor(spec.kind, weightType), table, random);
    }
  }
  await out.flush();
  return out.bytesWritten;
}
