// Parakeet TDT models with seeded random weights, in the GGML layout whisper.cpp's parakeet
// library reads (src/models/parakeet-layout.ts; the same format as whisper.cpp's own
// models/generate-parakeet-test-model.py). Two shapes: "test", as small as whisper.cpp's test
// model but with a word-piece vocabulary so that words and segments form, and "0.6b", the real
// Parakeet TDT 0.6B shape for the benchmark, whose joint output is biased towards blank so that
// it emits a few tokens a second, as a trained model does, rather than the most per frame.
import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

import {
  PARAKEET_HPARAM_NAMES,
  PARAKEET_TDT_0_6B,
  parakeetTensorSpecs,
  type ParakeetHparams,
  type ParakeetTensorSpec,
} from "../../src/models/parakeet-layout.js";
import { ChunkedFileWriter } from "./chunked-file-writer.js";
import { toHalfBits } from "./half-float.js";
import { MODEL_CACHE_DIR } from "./random-model.js";
import { createSeededRandom } from "./seeded-random.js";

export type RandomParakeetShape = "test" | "0.6b";

/** Word pieces of the test vocabulary ("▁" starts a word); ids 0-2 are <unk>, <s>, </s>. */
const TEST_PIECES = [
  "▁the",
  "▁a",
  "▁speech",
  "▁test",
  "s",
  "ing",
  "▁to",
  "▁word",
  ".",
  "▁is",
  ",",
  "▁and",
  "er",
] as const;

const TEST_SHAPE: ParakeetHparams = {
  n_vocab: 3 + TEST_PIECES.length,
  n_audio_ctx: 3200,
  n_audio_state: 16,
  n_audio_head: 2,
  n_audio_layer: 1,
  n_mels: 16,
  ftype: 0,
  n_fft: 64,
  subsampling_factor: 8,
  n_subsampling_channels: 4,
  n_conv_kernel: 3,
  n_pred_dim: 16,
  n_pred_layers: 1,
  n_tdt_durations: 5,
  n_max_tokens: 3,
};

/** The hyper-parameters of a shape. */
export function parakeetShape(shape: RandomParakeetShape): ParakeetHparams {
  return shape === "test" ? TEST_SHAPE : PARAKEET_TDT_0_6B;
}

function vocabulary(hp: ParakeetHparams): Buffer[] {
  const pieces: string[] = ["<unk>", "<s>", "</s>"];
  for (let i = 3; i < hp.n_vocab; i++) {
    pieces.push(
      TEST_PIECES[(i - 3) % TEST_PIECES.length] + (i - 3 >= TEST_PIECES.length ? String(i) : ""),
    );
  }
  return pieces.map((piece) => Buffer.from(piece, "utf8"));
}

const BLOCK = 1 << 20;

/**
 * The test shape's joint listens mostly to the encoder (what is heard) and little to the
 * prediction network (what was said), so that its tokens change with the audio rather than
 * repeat the last one.
 */
const TEST_JOINT_GAIN: Readonly<Record<string, number>> = {
  "joint.pred.weight": 0.05,
  "joint.enc.weight": 4,
};

async function writeTensor(
  out: ChunkedFileWriter,
  spec: ParakeetTensorSpec,
  f16: boolean,
  values: (index: number) => number,
): Promise<void> {
  const name = Buffer.from(spec.name, "utf8");
  const half = f16 && spec.kind === "matrix";
  const dims = [...spec.shape].reverse();
  await out.int32(dims.length, name.length, half ? 1 : 0, ...dims);
  await out.write(name);
  const total = spec.shape.reduce((a, b) => a * b, 1);
  for (let done = 0; done < total; done += BLOCK) {
    const count = Math.min(BLOCK, total - done);
    const block = half ? new Uint16Array(count) : new Float32Array(count);
    for (let i = 0; i < count; i++) {
      const value = values(done + i);
      block[i] = half ? toHalfBits(value) : value;
    }
    await out.write(new Uint8Array(block.buffer, block.byteOffset, block.byteLength));
  }
}

/** Streams a whole Parakeet GGML file with random weights; returns its size. */
async function writeParakeet(path: string, shape: RandomParakeetShape): Promise<number> {
  const hp = parakeetShape(shape);
  const random = createSeededRandom(shape === "test" ? 42 : 4242);
  const table = Float32Array.from({ length: 1 << 16 }, () => random.normal());
  const normal = () => table[random.uint32() & 0xffff] ?? 0;
  const file = await open(path, "w");
  try {
    const out = new ChunkedFileWriter(file);
    const magic = Buffer.allocUnsafe(4);
    magic.writeUInt32LE(0x67676d6c, 0);
    await out.write(magic);
    await out.int32(...PARAKEET_HPARAM_NAMES.map((name) => hp[name]));
    const freqs = Math.floor(hp.n_fft / 2) + 1;
    // A mel filterbank of non-negative weights, a Hann window, durations 0..n-1.
    await out.int32(hp.n_mels, freqs);
    await out.write(
      new Uint8Array(
        Float32Array.from({ length: hp.n_mels * freqs }, () => random.uniform()).buffer,
      ),
    );
    await out.int32(hp.n_fft);
    await out.write(
      new Uint8Array(
        Float32Array.from(
          { length: hp.n_fft },
          (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / hp.n_fft),
        ).buffer,
      ),
    );
    await out.int32(...Array.from({ length: hp.n_tdt_durations }, (_, i) => i));
    const pieces = vocabulary(hp);
    await out.int32(pieces.length);
    for (const piece of pieces) {
      await out.int32(piece.length);
      await out.write(piece);
    }
    const f16 = hp.ftype === 1;
    // Scale keeps activations bounded through the layers (like a trained model's init).
    for (const spec of parakeetTensorSpecs(hp)) {
      const fanIn = spec.shape.length >= 2 ? (spec.shape[1] ?? 1) : 1;
      // The test shape draws every weight from a standard normal, as whisper.cpp's own generator
      // does (smaller weights make every frame alike and one token repeat); the real shape is
      // scaled by fan-in, as a trained model's layers are, so activations stay bounded.
      const scale = shape === "test" ? 1 : spec.kind === "matrix" ? 1 / Math.sqrt(fanIn) : 0.1;
      let values = (_index: number) => normal() * scale * (TEST_JOINT_GAIN[spec.name] ?? 1);
      if (shape !== "test") values = (_index: number) => normal() * scale;
      if (/running_var$/.test(spec.name)) values = () => 1 + Math.abs(normal()) * 0.1;
      if (spec.name === "joint.joint_net.2.bias") values = jointBias(hp, shape, normal);
      await writeTensor(out, spec, f16, values);
    }
    await out.flush();
    return out.bytesWritten;
  } finally {
    await file.close();
  }
}

/**
 * The joint's output bias. Entries: n_vocab tokens, blank (id n_vocab), then the durations. The
 * real shape is biased towards blank and towards longer durations, as a trained model emits a
 * few tokens a second; the test shape is biased towards tokens so that short clips give words.
 */
function jointBias(
  hp: ParakeetHparams,
  shape: RandomParakeetShape,
  normal: () => number,
): (index: number) => number {
  return (index) => {
    if (index === hp.n_vocab) return shape === "0.6b" ? 6 : -1;
    if (index > hp.n_vocab) {
      const duration = index - hp.n_vocab - 1;
      return shape === "0.6b" ? duration * 1.5 : duration * 0.5;
    }
    return normal();
  };
}

/** A random-weight Parakeet model of `shape`, generated once into the cache. */
export async function ensureRandomParakeetModel(
  shape: RandomParakeetShape,
  cacheDir = MODEL_CACHE_DIR,
): Promise<string> {
  const path = join(cacheDir, `parakeet-random-${shape}.bin`);
  if ((await stat(path).catch(() => null))?.isFile()) return path;
  await mkdir(cacheDir, { recursive: true });
  const temp = `${path}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeParakeet(temp, shape);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return path;
}
