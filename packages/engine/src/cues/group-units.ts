import { fitsLines, isCjkLanguage, isCjkText } from "@verbatim/subtitles";
import type { CueOptions } from "./cue-options.js";
import { SPLIT_PRIORITY, type SplitPriority } from "./split-priority.js";
import { measureRun, type RunMeasure } from "./run-measure.js";
import type { SpeechUnit } from "./speech-units.js";

/** Units that become one cue, and the line length that applies to them. */
export interface CueGroup {
  units: SpeechUnit[];
  maxCharsPerLine: number;
}

// Costs of a partition, in arbitrary points: each cue costs something so cues fill up, a
// half-empty cue costs more (quadratically, so two balanced cues beat a full one and an
// orphan), and ending a cue anywhere but a sentence end costs by how bad the place is. A
// clause end costs little next to a plain word, so cues follow the punctuation even where
// that leaves them less evenly filled.
const CUE_COST = 10;
const FILL_WEIGHT = 12;
const SHORT_WEIGHT = 10;
const SPEED_WEIGHT = 20;
// A cue that finishes one sentence and then stops inside the next reads badly.
const STRADDLE_COST = 15;
// Per point of phraseBreakCost: ending a cue on "the" or "of", inside a name or before a
// particle costs almost a second plain word split.
const PHRASE_WEIGHT = 10;
// Per point of what its best line break costs (see measureRun): a cue whose lines can only
// break mid-phrase ("and after / a long discussion") costs about as much as ending it so.
const LINE_WEIGHT = 4;
const SPLIT_COST: Readonly<Record<SplitPriority, number>> = {
  [SPLIT_PRIORITY.sentence]: 0,
  [SPLIT_PRIORITY.clause]: 3,
  [SPLIT_PRIORITY.pause]: 10,
  [SPLIT_PRIORITY.word]: 25,
};

/** The text of consecutive units (their texts are already tidy, see unitsFromSegments). */
export function unitText(units: readonly SpeechUnit[]): string {
  return units
    .map((unit) => unit.text)
    .join("")
    .trimStart();
}

/** The texts of consecutive units, for breaking into lines only between them. */
export function unitPieces(units: readonly SpeechUnit[]): string[] {
  return units.map((unit) => unit.text);
}

/**
 * Groups units into cues: each run between forced ends is split where the total cost is
 * least, with every cue fitting its lines and maximum duration (a single unit always may).
 */
export function groupUnits(units: readonly SpeechUnit[], options: CueOptions): CueGroup[] {
  const groups: CueGroup[] = [];
  let from = 0;
  units.forEach((unit, i) => {
    if (!unit.mustSplitAfter) return;
    const run = units.slice(from, i + 1);
    const nextStart = units[i + 1]?.start ?? Infinity;
    const cjk = isCjkLanguage(options.language) || isCjkText(unitText(run));
    const maxCharsPerLine = cjk ? options.cjkMaxCharsPerLine : options.maxCharsPerLine;
    const gap = nextStart - unit.end;
    for (const group of partition(run, { ...options, maxCharsPerLine }, gap)) {
      // In a mixed run, a cue that came out all Chinese, Japanese or Korean keeps the CJK limit.
      const text = unitText(group);
      if (cjk || !isCjkText(text) || /[a-z]/i.test(text)) {
        groups.push({ units: group, maxCharsPerLine });
        continue;
      }
      const cjkLimit = options.cjkMaxCharsPerLine;
      for (const part of partition(group, { ...options, maxCharsPerLine: cjkLimit }, gap)) {
        groups.push({ units: part, maxCharsPerLine: cjkLimit });
      }
    }
    from = i + 1;
  });
  return groups;
}

/** Splits a run into cues at least total cost (dynamic programming over cue ends). */
function partition(
  run: readonly SpeechUnit[],
  limits: CueOptions,
  gapAfterRun: number,
): SpeechUnit[][] {
  const n = run.length;
  const measure = measureRun(run, limits);
  const best = new Array<number>(n + 1).fill(Infinity);
  const cut = new Array<number>(n + 1).fill(0);
  best[0] = 0;
  for (let i = 0; i < n; i += 1) {
    const before = best[i] ?? Infinity;
    const last = lastFitting(run, i, measure.lengthOf, limits);
    let sentenceInside = false;
    for (let j = i + 1; j <= last; j += 1) {
      sentenceInside ||= j - i > 1 && run[j - 2]?.splitAfter === SPLIT_PRIORITY.sentence;
      const cue = { i, j, sentenceInside };
      const cost = before + cueCost(run, cue, measure, limits, gapAfterRun);
      if (cost < (best[j] ?? Infinity)) {
        best[j] = cost;
        cut[j] = i;
      }
    }
  }
  const groups: SpeechUnit[][] = [];
  for (let j = n; j > 0; j = cut[j] ?? 0) groups.unshift(run.slice(cut[j] ?? 0, j));
  return groups;
}

/** The largest j such that units [i, j) fit as one cue; at least i + 1. */
function lastFitting(
  run: readonly SpeechUnit[],
  i: number,
  lengthOf: (i: number, j: number) => number,
  limits: CueOptions,
): number {
  const start = run[i]?.start ?? 0;
  const bound = limits.maxLines * (limits.maxCharsPerLine + 1);
  let low = i + 1;
  let high = i + 1;
  while (high < run.length) {
    const next = run[high];
    if (!next || next.end - start > limits.maxDurationMs || lengthOf(i, high + 1) > bound) break;
    high += 1;
    if (lengthOf(i, high) <= limits.maxCharsPerLine) low = high;
  }
  // Text that fits on one line fits; beyond that, fitting is monotone in j: binary search.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fitsLines(unitPieces(run.slice(i, mid)), limits)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Units [i, j) considered as one cue. */
interface CandidateCue {
  i: number;
  j: number;
  /** Whether a sentence ends before its last unit. */
  sentenceInside: boolean;
}

/** The cost of a candidate cue. */
function cueCost(
  run: readonly SpeechUnit[],
  { i, j, sentenceInside }: CandidateCue,
  measure: RunMeasure,
  limits: CueOptions,
  gapAfterRun: number,
): number {
  const first = run[i];
  const last = run[j - 1];
  if (!first || !last) return Infinity;
  const length = measure.lengthOf(i, j);
  const duration = last.end - first.start;
  const capacity = limits.maxLines * limits.maxCharsPerLine;
  const gapAfter = Math.max(0, (run[j]?.start ?? last.end + gapAfterRun) - last.end);
  const available = Math.max(duration, Math.min(duration + gapAfter, limits.maxDurationMs));
  let cost = CUE_COST + FILL_WEIGHT * (1 - Math.min(1, length / capacity)) ** 2;
  cost += LINE_WEIGHT * measure.lineCost(i, j);
  if (j < run.length) {
    cost += SPLIT_COST[last.splitAfter] + PHRASE_WEIGHT * measure.phraseCostAfter(j - 1);
    if (last.splitAfter !== SPLIT_PRIORITY.sentence && sentenceInside) {
      cost += STRADDLE_COST;
    }
  }
  if (available < limits.minDurationMs) {
    cost += SHORT_WEIGHT * (1 - available / limits.minDurationMs);
  }
  const cps = (length * 1000) / Math.max(available, 1);
  if (cps > limits.maxCharsPerSecond) cost += SPEED_WEIGHT * (cps / limits.maxCharsPerSecond - 1);
  return cost;
}
