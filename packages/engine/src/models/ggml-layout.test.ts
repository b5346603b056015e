import { describe, expect, it } from "vitest";

import {
  tensorDataBytes,
  tensorTypeFor,
  weightTypeForFtype,
  whisperTensorSpecs,
  type GgmlHparams,
} from "./ggml-layout.js";

const tiny: GgmlHparams = {
  n_vocab: 51865,
  n_audio_ctx: 1500,
  n_audio_state: 384,
  n_audio_head: 6,
  n_audio_layer: 4,
  n_text_ctx: 448,
  n_text_state: 384,
  n_text_head: 6,
  n_text_layer: 4,
  n_mels: 80,
  ftype: 1,
};

describe("whisperTensorSpecs", () => {
  it("lists the tensors whisper.cpp loads (11 + 15 per encoder and 24 per decoder layer)", () => {
    const specs = whisperTensorSpecs(tiny);
    expect(specs).toHaveLength(11 + 15 * 4 + 24 * 4);
    expect(new Set(specs.map((s) => s.name)).size).toBe(specs.length);
    expect(specs.find((s) => s.name === "decoder.token_embedding.weight")?.shape).toEqual([384, 51865]);
    expect(specs.find((s) => s.name === "encoder.conv1.weight")).toMatchObject({
      shape: [3, 80, 384],
      kind: "conv",
    });
  });

  it("stores matrices by ftype, conv kernels as f16 and the rest as f32", () => {
    expect(tensorTypeFor("matrix", 1)).toBe(1);
    expect(tensorTypeFor("matrix", 6)).toBe(6);
    expect(tensorTypeFor("conv", 6)).toBe(1);
    expect(tensorTypeFor("conv", 0)).toBe(0);
    expect(tensorTypeFor("f32", 1)).toBe(0);
  });
});

describe("tensor sizes", () => {
  it("maps header ftypes (with quantization version) to weight types", () => {
    expect(weightTypeForFtype(1)).toBe(1);
    expect(weightTypeForFtype(2008)).toBe(6); // q5_0, version 2
    expect(weightTypeForFtype(2009)).toBe(7); // q5_1
    expect(weightTypeForFtype(2007)).toBe(8); // q8_0
    expect(weightTypeForFtype(5)).toBeNull();
  });

  it("computes data bytes for plain and block-quantized types", () => {
    expect(tensorDataBytes(0, 10)).toBe(40);
    expect(tensorDataBytes(1, 10)).toBe(20);
    expect(tensorDataBytes(6, 64)).toBe(44);
    expect(tensorDataBytes(8, 33)).toBeNull(); // not a whole block
    expect(tensorDataBytes(99, 4)).toBeNull();
  });
});
