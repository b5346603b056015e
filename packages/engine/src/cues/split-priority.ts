/** How good a place to end a cue is; higher is better. */
export const SPLIT_PRIORITY = { word: 1, pause: 2, clause: 3, sentence: 4 } as const;

/** One of the SPLIT_PRIORITY values. */
export type SplitPriority = (typeof SPLIT_PRIORITY)[keyof typeof SPLIT_PRIORITY];

/** A silence between words at least this long (ms) is a natural place to end a cue. */
export const LONG_PAUSE_MS = 500;

const SENTENCE_END = /[.!?。！？…‽]$/u;
const CLAUSE_END = /(?:[,;:，；：、—–]|--)$/u;
const TRAILING_CLOSERS = /["'”’)\]」』）》]+$/u;
const ABBREVIATIONS = new Set([
  "mr.",
  "mrs.",
  "ms.",
  "dr.",
  "prof.",
  "st.",
  "jr.",
  "sr.",
  "vs.",
  "e.g.",
  "i.e.",
]);

/** How good a cue end is right after this text, followed by a silence of `gapMs`. */
export function splitPriorityAfter(text: string, gapMs: number): SplitPriority {
  const priority = punctuationPriority(text);
  return gapMs >= LONG_PAUSE_MS
    ? (Math.max(priority, SPLIT_PRIORITY.pause) as SplitPriority)
    : priority;
}

function punctuationPriority(text: string): SplitPriority {
  const trimmed = text.trim();
  const bare = trimmed.replace(TRAILING_CLOSERS, "");
  if (SENTENCE_END.test(bare) && !isAbbreviation(bare)) return SPLIT_PRIORITY.sentence;
  if (CLAUSE_END.test(bare) || trimmed === "-") return SPLIT_PRIORITY.clause;
  return SPLIT_PRIORITY.word;
}

function isAbbreviation(text: string): boolean {
  const last = text.split(/\s+/).at(-1)?.toLowerCase() ?? "";
  return ABBREVIATIONS.has(last) || /^\p{Lu}\.$/u.test(text.split(/\s+/).at(-1) ?? "");
}
