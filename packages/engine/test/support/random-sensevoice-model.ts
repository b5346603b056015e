// A random-weight SenseVoice-small of the real shape, for the benchmark (no trained weights reach
// these machines): FunASR's SenseVoiceEncoderSmall as sherpa-onnx runs it — the same inputs,
// outputs and metadata as sherpa-onnx's export (x[N,T,560], x_length, language, text_norm →
// logits[N,T+4,V]) and the same network: four query frames (language, event, emotion, text
// normalisation) from a 16-row embedding, then 1 + 49 + 20 SAN-M blocks (self-attention with an
// FSMN memory: 4 heads of 128, a depthwise convolution of 11 frames over the values, a 2048-wide
// feed-forward), the two layer norms, and the CTC projection to 25,055 tokens: 234.0 million
// parameters, as published (FunASR's SenseVoice-Small), 936 MB as float32 (sherpa-onnx's
// model.onnx; its model.int8.onnx quantises the same network, so int8 timings would differ).
// Left out: the sinusoidal position encoding (an addition per frame, nothing next to the
// blocks) and the padding masks (one utterance at a time, as our engine decodes).
//
// Weights are uniform in ±1/√fan-in (PyTorch's default), layer norms identity; the CTC bias
// favours blank (id 0) so that, as with a trained model, most 60-ms frames emit nothing and a
// few tokens a second come out, instead of one per frame. The words are random.
import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

import {
  encodeOnnxModel,
  type GraphSpec,
  type Initializer,
  type NodeSpec,
} from "../helpers/onnx-graph.js";
import {
  SENSEVOICE_FEATURES,
  SENSEVOICE_INPUTS,
  SENSEVOICE_QUERY_ROWS,
  senseVoiceMetadata,
  senseVoiceOutputs,
} from "../helpers/sensevoice-interface.js";
import { MODEL_CACHE_DIR } from "./random-model.js";
import { createSeededRandom } from "./seeded-random.js";

export type RandomSenseVoiceShape = "small" | "test";

export interface SenseVoiceShape {
  model: number;
  heads: number;
  feedForward: number;
  /** Blocks after the first (which maps the 560 features to `model`), then the time-pooling ones. */
  blocks: number;
  tpBlocks: number;
  fsmnKernel: number;
  vocabulary: number;
}

/** "small": SenseVoice-small's published configuration; "test": the same graph, tiny. */
export function senseVoiceShape(shape: RandomSenseVoiceShape): SenseVoiceShape {
  return shape === "small"
    ? {
        model: 512,
        heads: 4,
        feedForward: 2048,
        blocks: 49,
        tpBlocks: 20,
        fsmnKernel: 11,
        vocabulary: 25_055,
      }
    : {
        model: 64,
        heads: 4,
        feedForward: 128,
        blocks: 2,
        tpBlocks: 1,
        fsmnKernel: 11,
        vocabulary: 300,
      };
}

/** The tokens sherpa-onnx reads the language, emotion, event and text form from. */
const SPECIAL_TOKENS = [
  "<|zh|>",
  "<|en|>",
  "<|yue|>",
  "<|ja|>",
  "<|ko|>",
  "<|nospeech|>",
  "<|NEUTRAL|>",
  "<|HAPPY|>",
  "<|SAD|>",
  "<|ANGRY|>",
  "<|Speech|>",
  "<|BGM|>",
  "<|Laughter|>",
  "<|withitn|>",
  "<|woitn|>",
];

/** How a tensor is filled: uniform ±1/√fan-in, one value throughout, or the CTC bias. */
type Fill = { uniformFanIn: number } | { constant: number } | "ctc-bias";

/** Constants of the computation, not parameters of the network. */
const CONSTANT = "const.";

/** The CTC bias of blank over the other tokens: most frames emit nothing (see above). */
const BLANK_BIAS = 2.5;

class GraphBuilder {
  readonly nodes: NodeSpec[] = [];
  readonly initializers: Initializer[] = [];
  private count = 0;

  constructor(private readonly tensor: (name: string, dims: number[], fill: Fill) => Initializer) {}

  weight(name: string, dims: number[], fill: Fill): string {
    this.initializers.push(this.tensor(name, dims, fill));
    return name;
  }

  shape(name: string, values: number[]): string {
    this.initializers.push({ name, dims: [values.length], values, int64: true });
    return name;
  }

  node(
    op: string,
    inputs: string[],
    attributes?: NodeSpec["attributes"],
    floats?: NodeSpec["floatAttributes"],
    output = `${op.toLowerCase()}_${this.count++}`,
  ): string {
    this.nodes.push({ op, inputs, output, attributes, floatAttributes: floats });
    return output;
  }

  /** x·W + b; `bias` fills b (uniform by default), `output` names the result. */
  linear(
    prefix: string,
    input: string,
    [from, to]: [number, number],
    { bias = { uniformFanIn: from }, output }: { bias?: Fill; output?: string } = {},
  ): string {
    const product = this.node("MatMul", [
      input,
      this.weight(`${prefix}.weight`, [from, to], { uniformFanIn: from }),
    ]);
    const biasName = this.weight(`${prefix}.bias`, [to], bias);
    return this.node("Add", [product, biasName], undefined, undefined, output);
  }

  layerNorm(prefix: string, input: string, size: number): string {
    return this.node(
      "LayerNormalization",
      [
        input,
        this.weight(`${prefix}.weight`, [size], { constant: 1 }),
        this.weight(`${prefix}.bias`, [size], { constant: 0 }),
      ],
      { axis: -1 },
      { epsilon: 1e-12 },
    );
  }
}

/** One SAN-M block: attention with the FSMN memory, then the feed-forward, each after a norm. */
function sanmBlock(
  g: GraphBuilder,
  prefix: string,
  input: string,
  from: number,
  s: SenseVoiceShape,
): string {
  const head = s.model / s.heads;
  const normed = g.layerNorm(`${prefix}.norm1`, input, from);
  const [q, k, v] = ["q", "k", "v"].map((name) =>
    g.linear(`${prefix}.self_attn.linear_${name}`, normed, [from, s.model]),
  ) as [string, string, string];
  // The memory: a depthwise convolution over time of the values, plus the values.
  const overTime = g.node("Transpose", [v], { perm: [0, 2, 1] });
  const convolved = g.node(
    "Conv",
    [
      overTime,
      g.weight(`${prefix}.self_attn.fsmn_block.weight`, [s.model, 1, s.fsmnKernel], {
        uniformFanIn: s.fsmnKernel,
      }),
    ],
    {
      group: s.model,
      kernel_shape: [s.fsmnKernel],
      pads: [(s.fsmnKernel - 1) / 2, (s.fsmnKernel - 1) / 2],
    },
  );
  const memory = g.node("Add", [g.node("Transpose", [convolved], { perm: [0, 2, 1] }), v]);
  // Multi-head attention.
  const split = g.shape(`${prefix}.heads`, [0, 0, s.heads, head]);
  const heads = (x: string, perm: number[]) =>
    g.node("Transpose", [g.node("Reshape", [x, split])], { perm });
  const scores = g.node("MatMul", [heads(q, [0, 2, 1, 3]), heads(k, [0, 2, 3, 1])]);
  const scaled = g.node("Mul", [
    scores,
    g.weight(`${CONSTANT}${prefix}.scale`, [1], { constant: 1 / Math.sqrt(head) }),
  ]);
  const weights = g.node("Softmax", [scaled], { axis: -1 });
  const context = g.node("MatMul", [weights, heads(v, [0, 2, 1, 3])]);
  const joined = g.node("Reshape", [
    g.node("Transpose", [context], { perm: [0, 2, 1, 3] }),
    g.shape(`${prefix}.join`, [0, 0, s.model]),
  ]);
  const attended = g.node("Add", [
    g.linear(`${prefix}.self_attn.linear_out`, joined, [s.model, s.model]),
    memory,
  ]);
  // The first block changes the width, so it has no residual around its attention.
  const afterAttention = from === s.model ? g.node("Add", [input, attended]) : attended;
  const normed2 = g.layerNorm(`${prefix}.norm2`, afterAttention, s.model);
  const hidden = g.node("Relu", [
    g.linear(`${prefix}.feed_forward.w_1`, normed2, [s.model, s.feedForward]),
  ]);
  return g.node("Add", [
    afterAttention,
    g.linear(`${prefix}.feed_forward.w_2`, hidden, [s.feedForward, s.model]),
  ]);
}

function senseVoiceGraph(
  s: SenseVoiceShape,
  tensor: (name: string, dims: number[], fill: Fill) => Initializer,
): GraphSpec {
  const g = new GraphBuilder(tensor);
  // Query frames: the language's row, two for event and emotion, the text form's row.
  // (The event and emotion frames are rows 1 and 2 of the same table; here they repeat the
  // language's row, one utterance at a time: the same work, random values either way.)
  const embed = g.weight("embed.weight", [SENSEVOICE_QUERY_ROWS, 1, SENSEVOICE_FEATURES], {
    uniformFanIn: 1,
  });
  const language = g.node("Gather", [embed, "language"], { axis: 0 });
  const textNorm = g.node("Gather", [embed, "text_norm"], { axis: 0 });
  // x_length takes part (as 0, one utterance at a time) so that every input is used.
  const lengths = g.node("Reshape", [
    g.node("Cast", ["x_length"], { to: 1 }),
    g.shape("lengths", [-1, 1, 1]),
  ]);
  const zeroLength = g.node("Mul", [lengths, g.weight(`${CONSTANT}zero`, [1], { constant: 0 })]);
  const scale = g.weight(`${CONSTANT}input_scale`, [1], { constant: Math.sqrt(s.model) });
  const features = g.node("Add", [g.node("Mul", ["x", scale]), zeroLength]);
  let h = g.node("Concat", [language, language, language, textNorm, features], { axis: 1 });
  h = sanmBlock(g, "encoders0.0", h, SENSEVOICE_FEATURES, s);
  for (let i = 0; i < s.blocks; i++) h = sanmBlock(g, `encoders.${i}`, h, s.model, s);
  h = g.layerNorm("after_norm", h, s.model);
  for (let i = 0; i < s.tpBlocks; i++) h = sanmBlock(g, `tp_encoders.${i}`, h, s.model, s);
  h = g.layerNorm("tp_norm", h, s.model);
  g.linear("ctc.ctc_lo", h, [s.model, s.vocabulary], { bias: "ctc-bias", output: "logits" });
  return {
    name: "sensevoice-random",
    opset: 17,
    inputs: SENSEVOICE_INPUTS,
    outputs: senseVoiceOutputs(s.vocabulary),
    initializers: g.initializers,
    nodes: g.nodes,
    metadata: senseVoiceMetadata(
      s.vocabulary,
      "Verbatim's random-weight SenseVoice-small shape (not a trained model)",
    ),
  };
}

/** The network's parameters, counted from the graph without making its weights. */
export function senseVoiceParameterCount(shape: RandomSenseVoiceShape): number {
  const graph = senseVoiceGraph(senseVoiceShape(shape), (name, dims) => ({
    name,
    dims,
    values: [],
  }));
  return graph.initializers
    .filter((init) => !init.int64 && !init.name.startsWith(CONSTANT))
    .reduce((sum, init) => sum + init.dims.reduce((a, b) => a * b, 1), 0);
}

/** tokens.txt: blank and the sentence marks, random word pieces, the special tokens last. */
function tokenList(vocabulary: number): string[] {
  const random = createSeededRandom(25_055);
  const tokens = ["<unk>", "<s>", "</s>"];
  const seen = new Set(tokens);
  const letters = "etaoinshrdlucmfwypvbgkjqxz";
  while (tokens.length < vocabulary - SPECIAL_TOKENS.length) {
    let piece = random.uniform() < 0.5 ? "▁" : "";
    const length = random.integer(1, 6);
    for (let i = 0; i < length; i++)
      piece += letters[Math.floor(random.uniform() ** 2 * 26)] ?? "e";
    if (seen.has(piece)) continue;
    seen.add(piece);
    tokens.push(piece);
  }
  return [...tokens, ...SPECIAL_TOKENS];
}

function writeTensors(seed: number): (name: string, dims: number[], fill: Fill) => Initializer {
  const random = createSeededRandom(seed);
  return (name, dims, fill) => {
    const values = new Float32Array(dims.reduce((a, b) => a * b, 1));
    if (fill === "ctc-bias") values[0] = BLANK_BIAS;
    else if ("constant" in fill) values.fill(fill.constant);
    else {
      const bound = 1 / Math.sqrt(fill.uniformFanIn);
      for (let i = 0; i < values.length; i++) values[i] = (2 * random.uniform() - 1) * bound;
    }
    return { name, dims, values };
  };
}

/** Writes a model folder (model.onnx, tokens.txt) of `shape` into `folder`. */
export async function writeRandomSenseVoice(
  folder: string,
  shape: RandomSenseVoiceShape,
): Promise<string> {
  const s = senseVoiceShape(shape);
  await mkdir(folder, { recursive: true });
  await writeFile(
    join(folder, "model.onnx"),
    encodeOnnxModel(senseVoiceGraph(s, writeTensors(234))),
  );
  await writeFile(
    join(folder, "tokens.txt"),
    tokenList(s.vocabulary)
      .map((t, i) => `${t} ${i}`)
      .join("\n") + "\n",
  );
  return folder;
}

/** A random-weight SenseVoice folder of `shape`, generated once into the cache. */
export async function ensureRandomSenseVoiceModel(
  shape: RandomSenseVoiceShape,
  cacheDir = MODEL_CACHE_DIR,
): Promise<string> {
  const folder = join(cacheDir, `sensevoice-random-${shape}`);
  if ((await stat(join(folder, "tokens.txt")).catch(() => null))?.isFile()) return folder;
  const temp = `${folder}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeRandomSenseVoice(temp, shape);
    await rm(folder, { recursive: true, force: true });
    await rename(temp, folder);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  return folder;
}
