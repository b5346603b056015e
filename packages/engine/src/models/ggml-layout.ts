// The whisper.cpp GGML file layout, as read by whisper_model_load() in whisper.cpp:
//   magic (uint32 LE 0x67676d6c, bytes "lmgg") · 11 int32 hyper-parameters
//   mel filters: n_mel, n_fft, n_mel*n_fft float32
//   vocabulary: count, then per token a uint32 length and that many bytes
//   tensors until end of file: n_dims, name_len, ttype, ne[n_dims], name, data
// One source of truth for the validator and for the test model generator.

/** "ggml" read as a little-endian uint32; the file starts with the bytes `lmgg`. */
export const GGML_MAGIC = 0x67676d6c;

/** whisper.cpp stores the quantization version as `ftype + version * 1000`. */
export const GGML_QNT_VERSION_FACTOR = 1000;

/** The hyper-parameters in file order, each an int32 little-endian. */
export const HPARAM_NAMES = [
  "n_vocab",
  "n_audio_ctx",
  "n_audio_state",
  "n_audio_head",
  "n_audio_layer",
  "n_text_ctx",
  "n_text_state",
  "n_text_head",
  "n_text_layer",
  "n_mels",
  "ftype",
] as const;

/** One hyper-parameter name. */
export type HparamName = (typeof HPARAM_NAMES)[number];

/** The header's hyper-parameters, keyed by whisper.cpp's names. */
export type GgmlHparams = Record<HparamName, number>;

/** Bytes taken by the magic and the hyper-parameters. */
export const GGML_HEADER_BYTES = 4 + 4 * HPARAM_NAMES.length;

/** ggml tensor types whisper.cpp model files use: block size in elements and bytes per block. */
const TENSOR_TYPES: Readonly<Record<number, { name: string; block: number; bytes: number }>> = {
  0: { name: "f32", block: 1, bytes: 4 },
  1: { name: "f16", block: 1, bytes: 2 },
  2: { name: "q4_0", block: 32, bytes: 18 },
  3: { name: "q4_1", block: 32, bytes: 20 },
  6: { name: "q5_0", block: 32, bytes: 22 },
  7: { name: "q5_1", block: 32, bytes: 24 },
  8: { name: "q8_0", block: 32, bytes: 34 },
  9: { name: "q8_1", block: 32, bytes: 36 },
  10: { name: "q2_k", block: 256, bytes: 84 },
  11: { name: "q3_k", block: 256, bytes: 110 },
  12: { name: "q4_k", block: 256, bytes: 144 },
  13: { name: "q5_k", block: 256, bytes: 176 },
  14: { name: "q6_k", block: 256, bytes: 210 },
  30: { name: "bf16", block: 1, bytes: 2 },
};

/** ggml "file type" (header ftype, without the quantization version) → the type of big matrices. */
const FTYPE_WEIGHT_TYPE: Readonly<Record<number, number>> = {
  0: 0, // all f32
  1: 1, // mostly f16
  2: 2, // q4_0
  3: 3, // q4_1
  7: 8, // q8_0
  8: 6, // q5_0
  9: 7, // q5_1
  10: 10,
  11: 11,
  12: 12,
  13: 13,
  14: 14,
  24: 30, // bf16
};

/** ggml tensor type ids used in this module. */
export const GGML_TYPE = { f32: 0, f16: 1 } as const;

/** The ggml tensor type of the big weight matrices for a header ftype, or null when unknown. */
export function weightTypeForFtype(ftype: number): number | null {
  return FTYPE_WEIGHT_TYPE[ftype % GGML_QNT_VERSION_FACTOR] ?? null;
}

/** A readable name for a ggml tensor type ("f16", "q5_0"), or null when unknown. */
export function tensorTypeName(ttype: number): string | null {
  return TENSOR_TYPES[ttype]?.name ?? null;
}

/** Bytes of data a tensor of `elements` values of `ttype` takes, or null for an unknown type. */
export function tensorDataBytes(ttype: number, elements: number): number | null {
  const type = TENSOR_TYPES[ttype];
  if (!type || elements % type.block !== 0) return null;
  return (elements / type.block) * type.bytes;
}

/** How whisper.cpp stores a tensor: big matrices follow ftype, conv kernels f16, the rest f32. */
export type TensorKind = "matrix" | "conv" | "f32";

/** One tensor whisper.cpp expects: its name, ggml shape (ne0 fastest) and storage kind. */
export interface TensorSpec {
  /** Name as written in the file, e.g. `encoder.blocks.0.attn.query.weight`. */
  name: string;
  /** Dimensions in ggml order (ne0 first), as written after the tensor header. */
  shape: number[];
  /** Which type rule applies. */
  kind: TensorKind;
  /** Value to fill with when generating (layer norms 1, biases 0); absent for random weights. */
  fill?: number;
}

/** The ggml tensor type a tensor of `kind` has in a model whose weight type is `weightType`. */
export function tensorTypeFor(kind: TensorKind, weightType: number): number {
  if (kind === "f32" || weightType === GGML_TYPE.f32) return GGML_TYPE.f32;
  return kind === "conv" ? GGML_TYPE.f16 : weightType;
}

/** Every tensor whisper.cpp loads for these hyper-parameters, in the converter's order. */
export function whisperTensorSpecs(hp: GgmlHparams): TensorSpec[] {
  const specs: TensorSpec[] = [];
  const add = (name: string, shape: number[], kind: TensorKind, fill?: number): void => {
    specs.push(fill === undefined ? { name, shape, kind } : { name, shape, kind, fill });
  };
  const block = (prefix: string, n: number, cross: boolean): void => {
    add(`${prefix}mlp_ln.weight`, [n], "f32", 1);
    add(`${prefix}mlp_ln.bias`, [n], "f32", 0);
    add(`${prefix}mlp.0.weight`, [n, 4 * n], "matrix");
    add(`${prefix}mlp.0.bias`, [4 * n], "f32", 0);
    add(`${prefix}mlp.2.weight`, [4 * n, n], "matrix");
    add(`${prefix}mlp.2.bias`, [n], "f32", 0);
    for (const attn of cross ? ["attn", "cross_attn"] : ["attn"]) {
      add(`${prefix}${attn}_ln.weight`, [n], "f32", 1);
      add(`${prefix}${attn}_ln.bias`, [n], "f32", 0);
      add(`${prefix}${attn}.query.weight`, [n, n], "matrix");
      add(`${prefix}${attn}.query.bias`, [n], "f32", 0);
      add(`${prefix}${attn}.key.weight`, [n, n], "matrix");
      add(`${prefix}${attn}.value.weight`, [n, n], "matrix");
      add(`${prefix}${attn}.value.bias`, [n], "f32", 0);
      add(`${prefix}${attn}.out.weight`, [n, n], "matrix");
      add(`${prefix}${attn}.out.bias`, [n], "f32", 0);
    }
  };
  const s = hp.n_audio_state;
  add("encoder.positional_embedding", [s, hp.n_audio_ctx], "f32");
  add("encoder.conv1.weight", [3, hp.n_mels, s], "conv");
  add("encoder.conv1.bias", [1, s], "f32", 0);
  add("encoder.conv2.weight", [3, s, s], "conv");
  add("encoder.conv2.bias", [1, s], "f32", 0);
  add("encoder.ln_post.weight", [s], "f32", 1);
  add("encoder.ln_post.bias", [s], "f32", 0);
  for (let i = 0; i < hp.n_audio_layer; i++) block(`encoder.blocks.${i}.`, s, false);
  const t = hp.n_text_state;
  add("decoder.positional_embedding", [t, hp.n_text_ctx], "f32");
  add("decoder.token_embedding.weight", [t, hp.n_vocab], "matrix");
  add("decoder.ln.weight", [t], "f32", 1);
  add("decoder.ln.bias", [t], "f32", 0);
  for (let i = 0; i < hp.n_text_layer; i++) block(`decoder.blocks.${i}.`, t, true);
  return specs;
}

/** Bytes of one tensor record: header, dimensions, name and data. Null for an unknown type. */
export function tensorRecordBytes(spec: TensorSpec, ttype: number): number | null {
  const elements = spec.shape.reduce((a, b) => a * b, 1);
  const data = tensorDataBytes(ttype, elements);
  if (data === null) return null;
  return 12 + 4 * spec.shape.length + Buffer.byteLength(spec.name) + data;
}
