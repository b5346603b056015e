// The GGML file whisper.cpp's parakeet library reads (src/parakeet.cpp, written by its
// models/convert-parakeet-to-ggml.py): the GGML magic, fifteen int32 hyper-parameters, the mel
// filterbank, the STFT window, the TDT durations, the SentencePiece vocabulary, then tensors.
// One description for the validator and for the tests' random-weight writer.

/** The hyper-parameters, in file order. */
export const PARAKEET_HPARAM_NAMES = [
  "n_vocab",
  "n_audio_ctx",
  "n_audio_state",
  "n_audio_head",
  "n_audio_layer",
  "n_mels",
  "ftype",
  "n_fft",
  "subsampling_factor",
  "n_subsampling_channels",
  "n_conv_kernel",
  "n_pred_dim",
  "n_pred_layers",
  "n_tdt_durations",
  "n_max_tokens",
] as const;

export type ParakeetHparams = Record<(typeof PARAKEET_HPARAM_NAMES)[number], number>;

/** The published Parakeet TDT 0.6B (v2 and v3) shape, as the converter writes it. */
export const PARAKEET_TDT_0_6B: ParakeetHparams = {
  n_vocab: 8192,
  n_audio_ctx: 5000,
  n_audio_state: 1024,
  n_audio_head: 8,
  n_audio_layer: 24,
  n_mels: 128,
  ftype: 1,
  n_fft: 512,
  subsampling_factor: 8,
  n_subsampling_channels: 256,
  n_conv_kernel: 9,
  n_pred_dim: 640,
  n_pred_layers: 2,
  n_tdt_durations: 5,
  n_max_tokens: 10,
};

/** A tensor the parakeet loader expects: its name and shape (PyTorch order, outermost first). */
export interface ParakeetTensorSpec {
  name: string;
  shape: number[];
  /** "matrix": stored in the file's weight type (f16 for ftype 1); "f32": always f32. */
  kind: "matrix" | "f32";
}

/** Every tensor of a model with these hyper-parameters, in the converter's order. */
export function parakeetTensorSpecs(hp: ParakeetHparams): ParakeetTensorSpec[] {
  const state = hp.n_audio_state;
  const channels = hp.n_subsampling_channels;
  const headDim = state / hp.n_audio_head;
  const preEncode = Math.floor(hp.n_mels / hp.subsampling_factor) * channels;
  const pred = hp.n_pred_dim;
  const specs: ParakeetTensorSpec[] = [
    { name: "encoder.pre_encode.out.weight", shape: [state, preEncode], kind: "matrix" },
    { name: "encoder.pre_encode.out.bias", shape: [state], kind: "f32" },
    { name: "encoder.pre_encode.conv.0.weight", shape: [channels, 1, 3, 3], kind: "f32" },
    { name: "encoder.pre_encode.conv.0.bias", shape: [1, channels, 1, 1], kind: "f32" },
    { name: "encoder.pre_encode.conv.2.weight", shape: [channels, 1, 3, 3], kind: "f32" },
    { name: "encoder.pre_encode.conv.2.bias", shape: [1, channels, 1, 1], kind: "f32" },
    { name: "encoder.pre_encode.conv.3.weight", shape: [channels, channels, 1, 1], kind: "f32" },
    { name: "encoder.pre_encode.conv.3.bias", shape: [1, channels, 1, 1], kind: "f32" },
    { name: "encoder.pre_encode.conv.5.weight", shape: [channels, 1, 3, 3], kind: "f32" },
    { name: "encoder.pre_encode.conv.5.bias", shape: [1, channels, 1, 1], kind: "f32" },
    { name: "encoder.pre_encode.conv.6.weight", shape: [channels, channels, 1, 1], kind: "f32" },
    { name: "encoder.pre_encode.conv.6.bias", shape: [1, channels, 1, 1], kind: "f32" },
  ];
  for (let i = 0; i < hp.n_audio_layer; i++) {
    const p = `encoder.layers.${i}`;
    const vector = (name: string) => ({ name: `${p}.${name}`, shape: [state], kind: "f32" as const });
    const matrix = (name: string, rows: number, cols: number) => ({
      name: `${p}.${name}`,
      shape: [rows, cols],
      kind: "matrix" as const,
    });
    specs.push(
      vector("norm_feed_forward1.weight"),
      vector("norm_feed_forward1.bias"),
      matrix("feed_forward1.linear1.weight", 4 * state, state),
      matrix("feed_forward1.linear2.weight", state, 4 * state),
      vector("norm_conv.weight"),
      vector("norm_conv.bias"),
      matrix("conv.pointwise_conv1.weight", 2 * state, state),
      { name: `${p}.conv.depthwise_conv.weight`, shape: [state, hp.n_conv_kernel], kind: "f32" },
      vector("conv.batch_norm.weight"),
      vector("conv.batch_norm.bias"),
      vector("conv.batch_norm.running_mean"),
      vector("conv.batch_norm.running_var"),
      { name: `${p}.conv.batch_norm.num_batches_tracked`, shape: [1], kind: "f32" },
      matrix("conv.pointwise_conv2.weight", state, state),
      vector("norm_self_att.weight"),
      vector("norm_self_att.bias"),
      { name: `${p}.self_attn.pos_bias_u`, shape: [hp.n_audio_head, headDim], kind: "f32" },
      { name: `${p}.self_attn.pos_bias_v`, shape: [hp.n_audio_head, headDim], kind: "f32" },
      matrix("self_attn.linear_q.weight", state, state),
      matrix("self_attn.linear_k.weight", state, state),
      matrix("self_attn.linear_v.weight", state, state),
      matrix("self_attn.linear_out.weight", state, state),
      matrix("self_attn.linear_pos.weight", state, state),
      vector("norm_feed_forward2.weight"),
      vector("norm_feed_forward2.bias"),
      matrix("feed_forward2.linear1.weight", 4 * state, state),
      matrix("feed_forward2.linear2.weight", state, 4 * state),
      vector("norm_out.weight"),
      vector("norm_out.bias"),
    );
  }
  specs.push({
    name: "decoder.prediction.embed.weight",
    shape: [hp.n_vocab + 1, pred],
    kind: "matrix",
  });
  for (let i = 0; i < hp.n_pred_layers; i++) {
    const base = "decoder.prediction.dec_rnn.lstm";
    specs.push(
      { name: `${base}.weight_ih_l${i}`, shape: [4 * pred, pred], kind: "matrix" },
      { name: `${base}.weight_hh_l${i}`, shape: [4 * pred, pred], kind: "matrix" },
      { name: `${base}.bias_h_l${i}`, shape: [4 * pred], kind: "f32" },
    );
  }
  specs.push(
    { name: "joint.pred.weight", shape: [pred, pred], kind: "matrix" },
    { name: "joint.pred.bias", shape: [pred], kind: "f32" },
    { name: "joint.enc.weight", shape: [pred, state], kind: "matrix" },
    { name: "joint.enc.bias", shape: [pred], kind: "f32" },
    {
      name: "joint.joint_net.2.weight",
      shape: [hp.n_vocab + hp.n_tdt_durations + 1, pred],
      kind: "matrix",
    },
    { name: "joint.joint_net.2.bias", shape: [hp.n_vocab + hp.n_tdt_durations + 1], kind: "f32" },
  );
  return specs;
}
