// Tests: random-weight GGUF models of the qwen3 architecture, written in TypeScript (no Python
// on the test machines, and no trained weights may reach them). "tiny" is a two-layer model of
// a few hundred kilobytes that loads, answers through the chat template and follows a JSON
// grammar in milliseconds; "qwen3-1.7b" is the default model's real shape (28 layers, 2048
// wide, 151,936 tokens) at Q4_K_M, about 1.1 GB, for the bench's speed figures.
import { randomFillSync } from "node:crypto";
import { mkdir, stat } from "node:fs/promises";
import { dirname } from "node:path";

import {
  GgmlType,
  writeGguf,
  type GgmlTypeId,
  type GgufTensor,
  type GgufValue,
} from "./gguf-writer.js";

export type RandomGgufShape = "tiny" | "qwen3-1.7b";

interface Qwen3Shape {
  name: string;
  vocab: number;
  embedding: number;
  layers: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  feedForward: number;
  contextLength: number;
  /** Weight matrices' type; "q4_k_m" mixes Q4_K and Q6_K as llama.cpp's Q4_K_M does. */
  weights: "f16" | "q4_k_m";
}

/** Qwen3-1.7B's config.json (huggingface.co/Qwen/Qwen3-1.7B), tied embeddings. */
export const QWEN3_1_7B_SHAPE: Qwen3Shape = {
  name: "qwen3-1.7b",
  vocab: 151_936,
  embedding: 2048,
  layers: 28,
  heads: 16,
  kvHeads: 8,
  headDim: 128,
  feedForward: 6144,
  contextLength: 40_960,
  weights: "q4_k_m",
};

export const TINY_SHAPE: Qwen3Shape = {
  name: "tiny",
  vocab: 0, // the tokenizer's own size
  embedding: 64,
  layers: 2,
  heads: 4,
  kvHeads: 2,
  headDim: 16,
  feedForward: 128,
  contextLength: 4096,
  weights: "f16",
};

/** GPT-2's byte-to-character map: every byte gets a printable character (byte-level BPE). */
function byteCharacters(): string[] {
  const printable = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || b >= 174;
  const chars: string[] = [];
  let next = 256;
  for (let b = 0; b < 256; b++) chars.push(String.fromCodePoint(printable(b) ? b : next++));
  return chars;
}

/** A few merges, so that the BPE tokenizer has ranks to apply (words still split into bytes). */
const MERGES = ["Ġ t", "h e", "i n", "Ġ a", "e r", "o n", "Ġt he", "r e", "a t", "e n"];

const SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<think>", "</think>"];
/** The real model's ids of the special tokens above. */
const QWEN3_SPECIAL_IDS = [151_643, 151_644, 151_645, 151_667, 151_668];

const TOKEN_NORMAL = 1;
const TOKEN_CONTROL = 3;
const TOKEN_USER_DEFINED = 4;

/** Qwen's ChatML prompt format (the published template, without tools and thinking). */
export const CHATML_TEMPLATE =
  "{%- for message in messages %}" +
  "{{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>' + '\\n' }}" +
  "{%- endfor %}" +
  "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}";

function tokenizer(vocabSize: number) {
  const tokens = byteCharacters();
  for (const merge of MERGES) tokens.push(merge.replace(" ", ""));
  const types: number[] = tokens.map(() => TOKEN_NORMAL);
  let specialIds: number[];
  if (vocabSize === 0) {
    specialIds = SPECIAL.map((_, index) => tokens.length + index);
    for (const special of SPECIAL) tokens.push(special);
  } else {
    specialIds = QWEN3_SPECIAL_IDS;
    while (tokens.length < vocabSize) tokens.push(`[PAD${tokens.length}]`);
    SPECIAL.forEach((special, index) => (tokens[QWEN3_SPECIAL_IDS[index] ?? 0] = special));
  }
  while (types.length < tokens.length) types.push(TOKEN_NORMAL);
  specialIds.forEach((id, index) => (types[id] = index < 3 ? TOKEN_CONTROL : TOKEN_USER_DEFINED));
  const [endOfText, , imEnd] = specialIds as [number, number, number];
  const metadata: Array<[string, GgufValue]> = [
    ["tokenizer.ggml.model", { str: "gpt2" }],
    ["tokenizer.ggml.pre", { str: "qwen2" }],
    ["tokenizer.ggml.tokens", { strings: tokens }],
    ["tokenizer.ggml.token_type", { i32s: types }],
    ["tokenizer.ggml.merges", { strings: MERGES }],
    ["tokenizer.ggml.eos_token_id", { u32: imEnd }],
    ["tokenizer.ggml.padding_token_id", { u32: endOfText }],
    ["tokenizer.ggml.bos_token_id", { u32: endOfText }],
    ["tokenizer.ggml.add_bos_token", { bool: false }],
    ["tokenizer.chat_template", { str: CHATML_TEMPLATE }],
  ];
  return { size: tokens.length, metadata };
}

/** A small deterministic generator (xorshift32), so the tiny model is the same on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}

/** IEEE half of a small float (normal range; tests use |x| <= 1). */
export function toHalf(value: number): number {
  const f32 = new Float32Array([value]);
  const bits = new Uint32Array(f32.buffer)[0] ?? 0;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = (bits >>> 13) & 0x3ff;
  if (exponent <= 0) return sign; // too small: zero
  if (exponent >= 31) return sign | 0x7c00;
  return sign | (exponent << 10) | mantissa;
}

function ones(name: string, length: number): GgufTensor {
  return {
    name,
    dims: [length],
    type: GgmlType.F32,
    fill: (into) => {
      for (let i = 0; i < into.length; i += 4) into.writeFloatLE(1, i);
    },
  };
}

function matrix(
  name: string,
  dims: [number, number],
  type: GgmlTypeId,
  random: () => number,
): GgufTensor {
  const scale = 1 / Math.sqrt(dims[0]);
  switch (type) {
    case GgmlType.F16:
      return {
        name,
        dims,
        type,
        fill: (into) => {
          for (let i = 0; i < into.length; i += 2)
            into.writeUInt16LE(toHalf((random() * 2 - 1) * scale), i);
        },
      };
    case GgmlType.Q4_K: {
      // block_q4_K: f16 d, f16 dmin, 12 bytes of 6-bit scales and mins, 128 bytes of 4-bit values.
      const d = toHalf(scale / 64);
      const dmin = toHalf(scale / 128);
      return {
        name,
        dims,
        type,
        fill: (into) => {
          randomFillSync(into);
          for (let at = 0; at < into.length; at += 144) {
            into.writeUInt16LE(d, at);
            into.writeUInt16LE(dmin, at + 2);
          }
        },
      };
    }
    case GgmlType.Q6_K: {
      // block_q6_K: 128 bytes low bits, 64 bytes high bits, 16 int8 scales, f16 d last.
      const d = toHalf(scale / 256);
      return {
        name,
        dims,
        type,
        fill: (into) => {
          randomFillSync(into);
          for (let at = 0; at < into.length; at += 210) into.writeUInt16LE(d, at + 208);
        },
      };
    }
    default:
      throw new Error(`no random fill for ggml type ${type}`);
  }
}

function tensors(shape: Qwen3Shape, vocab: number): GgufTensor[] {
  const random = generator(47);
  const { embedding: n, headDim, feedForward: ff, layers } = shape;
  const quantised = shape.weights === "q4_k_m";
  const base = quantised ? GgmlType.Q4_K : GgmlType.F16;
  // llama.cpp's Q4_K_M gives attn_v and ffn_down Q6_K in the first and last eighth of the
  // layers and every third between (llama-quant.cpp, use_more_bits); token_embd Q6_K.
  const moreBits = (i: number) =>
    i < layers / 8 || i >= (7 * layers) / 8 || (i - Math.floor(layers / 8)) % 3 === 2;
  const list: GgufTensor[] = [
    matrix("token_embd.weight", [n, vocab], quantised ? GgmlType.Q6_K : base, random),
  ];
  for (let i = 0; i < layers; i++) {
    const wide = quantised && moreBits(i) ? GgmlType.Q6_K : base;
    list.push(
      ones(`blk.${i}.attn_norm.weight`, n),
      matrix(`blk.${i}.attn_q.weight`, [n, shape.heads * headDim], base, random),
      matrix(`blk.${i}.attn_k.weight`, [n, shape.kvHeads * headDim], base, random),
      matrix(`blk.${i}.attn_v.weight`, [n, shape.kvHeads * headDim], wide, random),
      matrix(`blk.${i}.attn_output.weight`, [shape.heads * headDim, n], base, random),
      ones(`blk.${i}.attn_q_norm.weight`, headDim),
      ones(`blk.${i}.attn_k_norm.weight`, headDim),
      ones(`blk.${i}.ffn_norm.weight`, n),
      matrix(`blk.${i}.ffn_gate.weight`, [n, ff], base, random),
      matrix(`blk.${i}.ffn_up.weight`, [n, ff], base, random),
      matrix(`blk.${i}.ffn_down.weight`, [ff, n], wide, random),
    );
  }
  list.push(ones("output_norm.weight", n));
  return list;
}

/** Writes a random-weight qwen3 GGUF of the given shape (tiny by default) to `path`. */
export async function writeRandomGguf(
  path: string,
  shape: RandomGgufShape = "tiny",
): Promise<void> {
  const spec = shape === "tiny" ? TINY_SHAPE : QWEN3_1_7B_SHAPE;
  const vocab = tokenizer(spec.vocab);
  const arch = "qwen3";
  const metadata: Array<[string, GgufValue]> = [
    ["general.architecture", { str: arch }],
    ["general.name", { str: `Qwen3 ${spec.name} (random weights, for tests)` }],
    ["general.file_type", { u32: spec.weights === "q4_k_m" ? 15 : 1 }],
    ["general.quantization_version", { u32: 2 }],
    ["general.alignment", { u32: 32 }],
    [`${arch}.context_length`, { u32: spec.contextLength }],
    [`${arch}.embedding_length`, { u32: spec.embedding }],
    [`${arch}.block_count`, { u32: spec.layers }],
    [`${arch}.feed_forward_length`, { u32: spec.feedForward }],
    [`${arch}.attention.head_count`, { u32: spec.heads }],
    [`${arch}.attention.head_count_kv`, { u32: spec.kvHeads }],
    [`${arch}.attention.key_length`, { u32: spec.headDim }],
    [`${arch}.attention.value_length`, { u32: spec.headDim }],
    [`${arch}.rope.freq_base`, { f32: 1_000_000 }],
    [`${arch}.attention.layer_norm_rms_epsilon`, { f32: 1e-6 }],
    ...vocab.metadata,
  ];
  await mkdir(dirname(path), { recursive: true });
  await writeGguf(path, metadata, tensors(spec, vocab.size));
}

/** Writes the model once to `path` and reuses it afterwards (test caches under .cache/). */
export async function ensureRandomGguf(
  path: string,
  shape: RandomGgufShape = "tiny",
): Promise<string> {
  const existing = await stat(path).catch(() => null);
  if (!existing || existing.size === 0) await writeRandomGguf(path, shape);
  return path;
}
