import { isCjkText, plainCueText, splitWords, type Cue, type Word } from "@verbatim/subtitles";

// The word timings an edited cue keeps: JSON exports carry them (karaoke, search, re-timing), so
// editing one word of a cue must not drop the timings of the others.

/** The most word pairs compared when lining an edited text up with its old words. */
const MAX_ALIGNED_CELLS = 250_000;

/**
 * An edited cue's words. The same text as a stored cue with its times unchanged, or moved as a
 * whole: that cue's words (moved with it). Otherwise the words of the stored cue it overlaps
 * most are lined up with the new text: an unchanged word keeps its timing (when it still lies
 * within the cue), and the others are spread over the time between the kept words around them,
 * in proportion to their characters. A transcription that never had word timings gets none.
 * Words are the shown text's: a word made italic keeps its timing.
 */
export function editedWords(
  previous: readonly Cue[],
  markup: string,
  start: number,
  end: number,
): Word[] | undefined {
  const text = plainCueText(markup);
  const same = previous.filter((cue) => cue.words && plainCueText(cue.text) === text);
  const match =
    same.find((cue) => cue.start === start && cue.end === end) ??
    same.find((cue) => cue.end - cue.start === end - start);
  if (match?.words) {
    const by = start - match.start;
    return by === 0
      ? match.words
      : match.words.map((w) => ({ ...w, start: w.start + by, end: w.end + by }));
  }
  if (!previous.some((cue) => cue.words && cue.words.length > 0)) return undefined;
  const tokens = wordTokens(text);
  if (tokens.length === 0) return [];
  const source = mostOverlapping(previous, start, end)?.words ?? [];
  const within = source.filter((w) => w.start >= start && w.end <= end && w.start <= w.end);
  // Lining up costs tokens × words: beyond a cue's worth, every word is estimated instead.
  const pairs =
    tokens.length * within.length > MAX_ALIGNED_CELLS
      ? []
      : alignedPairs(
          tokens.map((token) => comparable(token)),
          within.map((w) => comparable(w.text)),
        );
  const spaced = !isCjkText(text);
  const wordText = (token: string) => (spaced ? ` ${token}` : token);
  // A kept word keeps its timing and takes its text as now written ("Second" → "Second,").
  const kept = new Map<number, Word>();
  for (const [tokenAt, wordAt] of pairs) {
    kept.set(tokenAt, { ...within[wordAt]!, text: wordText(tokens[tokenAt]!) });
  }
  const words: Word[] = [];
  let at = 0;
  while (at < tokens.length) {
    const keep = kept.get(at);
    if (keep) {
      words.push(keep);
      at += 1;
      continue;
    }
    // A run of new words: from the end of the word before to the start of the kept word after.
    let stop = at;
    while (stop < tokens.length && !kept.has(stop)) stop += 1;
    const from = words.at(-1)?.end ?? start;
    const to = kept.get(stop)?.start ?? end;
    const run = tokens.slice(at, stop);
    const chars = run.reduce((sum, token) => sum + [...token].length, 0);
    const span = Math.max(0, to - from);
    let done = 0;
    for (const token of run) {
      const wordStart = from + Math.round((span * done) / chars);
      done += [...token].length;
      const wordEnd = from + Math.round((span * done) / chars);
      words.push({ text: wordText(token), start: wordStart, end: wordEnd });
    }
    at = stop;
  }
  return words;
}

/** The words of a text: CJK runs split at word boundaries, other text at spaces. */
function wordTokens(text: string): string[] {
  const pieces = isCjkText(text) ? splitWords(text) : text.split(/\s+/u);
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== "");
}

/** A word as compared: without case, spaces or punctuation ("Second," is "second"). */
function comparable(word: string): string {
  return word.replace(/[\s\p{P}\p{S}]/gu, "").toLocaleLowerCase();
}

/** The stored cue with words that shares the most time with [start, end]. */
function mostOverlapping(previous: readonly Cue[], start: number, end: number): Cue | undefined {
  let best: Cue | undefined;
  let bestOverlap = 0;
  for (const cue of previous) {
    if (!cue.words?.length) continue;
    const overlap = Math.min(end, cue.end) - Math.max(start, cue.start);
    if (overlap > bestOverlap) {
      best = cue;
      bestOverlap = overlap;
    }
  }
  return best;
}

/** Positions [a, b] of equal items in a longest common subsequence of a and b. */
function alignedPairs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const lengths = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] =
        a[i] === b[j]
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}
