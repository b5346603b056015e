import type { Cue } from "../cue.js";
import { joinLines } from "../text-measure.js";

// Sentences run across cues: "I went to the market" / "and bought some fish." A cue-by-cue
// translation breaks such a sentence where the source did, which in another word order reads
// badly. So cues are grouped into sentences — a group ends at a cue whose text ends a sentence
// — and each group is translated as one sentence, the model placing its translation back on
// the group's cues in order (docs/translation.md).

/** Most cues in one sentence group: a run of cues with no sentence end is cut here. */
export const MAX_GROUP_CUES = 6;

/** Punctuation that ends a sentence, optionally followed by closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？．｡][\s"'”’」』）)\]]*$/u;

/** Whether a cue's text ends a sentence. */
export function endsSentence(text: string): boolean {
  return SENTENCE_END.test(joinLines(text).trim());
}

/**
 * The cues in sentence groups, in order: every cue in exactly one group. A group ends at a cue
 * that ends a sentence, at MAX_GROUP_CUES cues, or where the next cue starts more than
 * `pauseMs` later (a pause ends a thought even without a full stop).
 */
export function sentenceGroups<C extends Pick<Cue, "start" | "end" | "text">>(
  cues: readonly C[],
  pauseMs = 2_000,
): C[][] {
  const groups: C[][] = [];
  let current: C[] = [];
  cues.forEach((cue, i) => {
    current.push(cue);
    const next = cues[i + 1];
    const pause = next !== undefined && next.start - cue.end > pauseMs;
    if (endsSentence(cue.text) || pause || current.length >= MAX_GROUP_CUES || !next) {
      groups.push(current);
      current = [];
    }
  });
  return groups;
}
