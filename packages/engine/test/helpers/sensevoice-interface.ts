// What sherpa-onnx's SenseVoice recogniser requires of a model.onnx, shared by the tests'
// stand-in graph (sensevoice-stand-in.ts) and the benchmark's random-weight SenseVoice-small
// (support/random-sensevoice-model.ts): the inputs and output, and the metadata it reads (a
// missing key ends the process that loads the model).
import type { ValueSpec } from "./onnx-graph.js";

/** Features per frame: 80 mel bins × a low-frame-rate window of 7. */
export const SENSEVOICE_FEATURES = 560;

/** Rows of the query embedding that `language` and `text_norm` index. */
export const SENSEVOICE_QUERY_ROWS = 16;

/** The `language` input's values, as SenseVoice's metadata gives them. */
export const SENSEVOICE_LANGUAGE_ROWS = { auto: 0, zh: 3, en: 4, yue: 7, ja: 11, ko: 12 } as const;

/** The `text_norm` input's values: with and without inverse text normalisation. */
export const SENSEVOICE_WITH_ITN = 14;
export const SENSEVOICE_WITHOUT_ITN = 15;

/** x[N,T,560], x_length, language, text_norm. */
export const SENSEVOICE_INPUTS: ValueSpec[] = [
  { name: "x", dims: ["N", "T", SENSEVOICE_FEATURES] },
  { name: "x_length", dims: ["N"], elemType: "int32" },
  { name: "language", dims: ["N"], elemType: "int32" },
  { name: "text_norm", dims: ["N"], elemType: "int32" },
];

/** logits[N,T+4,V]: the four query frames, then one per feature frame. */
export function senseVoiceOutputs(vocabulary: number): ValueSpec[] {
  return [{ name: "logits", dims: ["N", "T4", vocabulary] }];
}

/** The metadata sherpa-onnx reads; features already normalised (mean 0, deviation 1). */
export function senseVoiceMetadata(
  vocabulary: number,
  comment: string,
): Record<string, string | number> {
  return {
    vocab_size: vocabulary,
    lfr_window_size: 7,
    lfr_window_shift: 6,
    normalize_samples: 0,
    with_itn: SENSEVOICE_WITH_ITN,
    without_itn: SENSEVOICE_WITHOUT_ITN,
    ...Object.fromEntries(
      Object.entries(SENSEVOICE_LANGUAGE_ROWS).map(([language, row]) => [`lang_${language}`, row]),
    ),
    neg_mean: Array.from({ length: SENSEVOICE_FEATURES }, () => "0").join(","),
    inv_stddev: Array.from({ length: SENSEVOICE_FEATURES }, () => "1").join(","),
    comment,
  };
}
