// A stand-in SenseVoice model folder for tests: an ONNX graph with exactly the inputs, outputs and
// metadata sherpa-onnx's SenseVoice recogniser requires (x[N,T,560], x_length, language,
// text_norm → logits[N,T+4,V]; vocab_size, lfr_window_size/shift, normalize_samples, with_itn,
// without_itn, lang_*, neg_mean and inv_stddev of 560 values), and a tokens.txt. Its output is a
// simple function of the audio, so tests can check times, cues and the Cantonese conversion:
//
// - the four leading frames name the language (the `language` input's language; "auto" → yue),
//   NEUTRAL, Speech and the text-norm token;
// - each feature frame with a band of mel bins clearly louder than that band's average over the
//   utterance says the character of its loudest band (佢 系 嘅 咗 唔 喺 哋 讲, low to high);
//   other frames are blank.
//
// SenseVoice writes Simplified characters and says 系 for "is": the pipeline writes them as Hong
// Kong Cantonese (系 → 係, 讲 → 講).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

import { encodeOnnxModel, type GraphSpec } from "./onnx-graph.js";
import {
  SENSEVOICE_FEATURES as FEATURES,
  SENSEVOICE_INPUTS,
  SENSEVOICE_LANGUAGE_ROWS as LANGUAGE_IDS,
  SENSEVOICE_QUERY_ROWS as TABLE_ROWS,
  SENSEVOICE_WITH_ITN as WITH_ITN,
  senseVoiceMetadata,
  senseVoiceOutputs,
} from "./sensevoice-interface.js";

const BINS = 80;

/** The stand-in vocabulary: id = position; 0 is blank. */
export const STAND_IN_TOKENS = [
  "<unk>",
  "<s>",
  "</s>",
  "<|zh|>",
  "<|en|>",
  "<|yue|>",
  "<|ja|>",
  "<|ko|>",
  "<|nospeech|>",
  "<|NEUTRAL|>",
  "<|Speech|>",
  "<|withitn|>",
  "<|woitn|>",
  "佢",
  "系",
  "嘅",
  "咗",
  "唔",
  "喺",
  "哋",
  "讲",
] as const;

/** The characters the body of the graph says, one per band of mel bins. */
const SAID = ["佢", "系", "嘅", "咗", "唔", "喺", "哋", "讲"] as const;

const V = STAND_IN_TOKENS.length;
const id = (token: (typeof STAND_IN_TOKENS)[number]) => STAND_IN_TOKENS.indexOf(token);

function oneHotTable(pick: (row: number) => number): Float32Array {
  const table = new Float32Array(TABLE_ROWS * V).fill(-10);
  for (let row = 0; row < TABLE_ROWS; row++) table[row * V + pick(row)] = 10;
  return table;
}

function languageToken(row: number): number {
  const entry = Object.entries(LANGUAGE_IDS).find(([, value]) => value === row)?.[0];
  if (!entry || entry === "auto") return id("<|yue|>");
  return id(`<|${entry}|>` as (typeof STAND_IN_TOKENS)[number]);
}

/** Which parts of the model to break, for the hostile-model tests. */
export interface StandInFaults {
  /** Leave this metadata key out (sherpa-onnx then ends the process that loads it). */
  missingMetadata?: string;
}

function standInGraph(faults: StandInFaults): GraphSpec {
  // body = (x - mean_t(x)) · W + B: W averages each band of mel bins over the 7 stacked frames.
  const weights = new Float32Array(FEATURES * V);
  const band = BINS / SAID.length;
  for (let d = 0; d < FEATURES; d++) {
    const said = SAID[Math.floor((d % BINS) / band)]!;
    weights[d * V + id(said)] = 1 / (band * (FEATURES / BINS));
  }
  const bias = new Float32Array(V).fill(-1000);
  bias[0] = 1.5; // blank wins unless a band is clearly louder than its average
  for (const said of SAID) bias[id(said)] = 0;
  const metadata = senseVoiceMetadata(V, "Verbatim's stand-in SenseVoice (not a trained model)");
  if (faults.missingMetadata) delete metadata[faults.missingMetadata];
  return {
    name: "sensevoice-stand-in",
    opset: 13,
    inputs: SENSEVOICE_INPUTS,
    outputs: senseVoiceOutputs(V),
    initializers: [
      { name: "W", dims: [FEATURES, V], values: weights },
      { name: "B", dims: [V], values: bias },
      { name: "LANG", dims: [TABLE_ROWS, 1, V], values: oneHotTable(languageToken) },
      { name: "EMOTION", dims: [TABLE_ROWS, 1, V], values: oneHotTable(() => id("<|NEUTRAL|>")) },
      { name: "EVENT", dims: [TABLE_ROWS, 1, V], values: oneHotTable(() => id("<|Speech|>")) },
      {
        name: "ITN",
        dims: [TABLE_ROWS, 1, V],
        values: oneHotTable((row) => (row === WITH_ITN ? id("<|withitn|>") : id("<|woitn|>"))),
      },
      { name: "ZERO", dims: [1], values: [0] },
    ],
    nodes: [
      { op: "ReduceMean", inputs: ["x"], output: "mean", attributes: { axes: [1], keepdims: 1 } },
      { op: "Sub", inputs: ["x", "mean"], output: "centred" },
      { op: "MatMul", inputs: ["centred", "W"], output: "scores" },
      { op: "Add", inputs: ["scores", "B"], output: "body_raw" },
      // x_length takes part (as 0) so that every input is used.
      { op: "Cast", inputs: ["x_length"], output: "length_f", attributes: { to: 1 } },
      { op: "Mul", inputs: ["length_f", "ZERO"], output: "length_zero" },
      { op: "Add", inputs: ["body_raw", "length_zero"], output: "body" },
      { op: "Gather", inputs: ["LANG", "language"], output: "lang_row", attributes: { axis: 0 } },
      { op: "Gather", inputs: ["EMOTION", "language"], output: "emotion_row" },
      { op: "Gather", inputs: ["EVENT", "language"], output: "event_row" },
      { op: "Gather", inputs: ["ITN", "text_norm"], output: "itn_row" },
      {
        op: "Concat",
        inputs: ["lang_row", "emotion_row", "event_row", "itn_row", "body"],
        output: "logits",
        attributes: { axis: 1 },
      },
    ],
    metadata,
  };
}

/** Writes a stand-in SenseVoice folder (model.onnx + tokens.txt) and returns its path. */
export async function writeSenseVoiceStandIn(
  folder: string,
  faults: StandInFaults = {},
): Promise<string> {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, "model.onnx"), encodeOnnxModel(standInGraph(faults)));
  await writeFile(
    join(folder, "tokens.txt"),
    STAND_IN_TOKENS.map((token, index) => `${token} ${index}`).join("\n") + "\n",
  );
  return folder;
}
