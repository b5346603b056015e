import {
  displayLength,
  lineBalanceCost,
  phraseBreakCost,
  wordBreakCost,
} from "@verbatim/subtitles";
import type { CueOptions } from "./cue-options.js";
import type { SpeechUnit } from "./speech-units.js";

/** Lengths and break costs within a run of units, for weighing the cues it may be cut into. */
export interface RunMeasure {
  /** Characters in the text of units [i, j). */
  lengthOf(i: number, j: number): number;
  /** How badly ending a cue after unit k splits a phrase (see phraseBreakCost). */
  phraseCostAfter(k: number): number;
  /**
   * How badly the line break breakLines would choose for units [i, j) splits a phrase: its
   * wordBreakCost, 0 at best; 0 too for text on one line or needing more than two.
   */
  lineCost(i: number, j: number): number;
}

/**
 * Measures a run once so each candidate cue is weighed in time proportional to its units:
 * every unit boundary is a possible line break, whose cost depends only on its neighbours.
 */
export function measureRun(
  run: readonly SpeechUnit[],
  limits: Pick<CueOptions, "maxCharsPerLine" | "maxLines" | "language">,
): RunMeasure {
  const sums = [0];
  run.forEach((unit, k) => sums.push((sums[k] ?? 0) + displayLength(unit.text)));
  const lengthOf = (i: number, j: number): number =>
    (sums[j] ?? 0) - (sums[i] ?? 0) - (run[i]?.text.startsWith(" ") ? 1 : 0);
  const texts = run.map((unit) => unit.text);
  const phraseCosts = texts.map((text, k) =>
    phraseBreakCost(text, texts[k + 1] ?? "", limits.language),
  );
  // lineBreakCosts[k]: breaking a line before unit k.
  const lineBreakCosts = texts.map((text, k) =>
    k === 0 ? Infinity : wordBreakCost(texts[k - 1] ?? "", text, limits.language),
  );
  const lineCost = (i: number, j: number): number => {
    const length = lengthOf(i, j);
    if (length <= limits.maxCharsPerLine || limits.maxLines < 2) return 0;
    const mean = length / 2;
    let best = Infinity;
    let chosen = 0;
    for (let k = i + 1; k < j; k += 1) {
      const first = lengthOf(i, k);
      const second = lengthOf(k, j);
      if (first > limits.maxCharsPerLine || second > limits.maxCharsPerLine) continue;
      const breakCost = lineBreakCosts[k] ?? 0;
      const balance =
        lineBalanceCost(first, mean, limits.maxCharsPerLine) +
        lineBalanceCost(second, mean, limits.maxCharsPerLine);
      const cost = breakCost + balance;
      if (cost < best) {
        best = cost;
        chosen = breakCost;
      }
    }
    return Math.max(0, chosen);
  };
  return { lengthOf, phraseCostAfter: (k) => phraseCosts[k] ?? 0, lineCost };
}
