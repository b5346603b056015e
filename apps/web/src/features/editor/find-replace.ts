import { plainCueText, replacePlainRanges } from "@verbatim/subtitles";
import type { EditorCue } from "./types";

// Find and replace see the text as shown: a cue's styles' markup (`<i>`, cue-styling.ts) is not
// text, so "i" never matches inside a tag and a replacement keeps the styles around it.

export interface FindOptions {
  caseSensitive: boolean;
}

function pattern(query: string, { caseSensitive }: FindOptions): RegExp {
  const escaped = query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(escaped, caseSensitive ? "g" : "gi");
}

/** How many times `query` occurs in all cue texts (0 for an empty query). */
export function countMatches(
  cues: readonly EditorCue[],
  query: string,
  options: FindOptions,
): number {
  if (query === "") return 0;
  const re = pattern(query, options);
  return cues.reduce((sum, cue) => sum + (plainCueText(cue.text).match(re)?.length ?? 0), 0);
}

/** The positions (list indexes) of the cues whose text contains `query`. */
export function matchingCues(
  cues: readonly EditorCue[],
  query: string,
  options: FindOptions,
): number[] {
  if (query === "") return [];
  const re = pattern(query, options);
  return cues.flatMap((cue, i) => (plainCueText(cue.text).search(re) >= 0 ? [i] : []));
}

/** Replaces every occurrence in every cue; the replacement is taken literally. */
export function replaceAll(
  cues: readonly EditorCue[],
  query: string,
  replacement: string,
  options: FindOptions,
): EditorCue[] {
  if (query === "") return cues as EditorCue[];
  const re = pattern(query, options);
  let changed = false;
  const next = cues.map((cue) => {
    const ranges = [...plainCueText(cue.text).matchAll(re)].map(
      (match) => [match.index, match.index + match[0].length] as const,
    );
    const text = replacePlainRanges(cue.text, ranges, replacement);
    if (text === cue.text) return cue;
    changed = true;
    return { ...cue, text };
  });
  return changed ? next : (cues as EditorCue[]);
}

/**
 * Replaces the first occurrence in one cue (the one find has selected); the replacement is
 * taken literally. Returns the same array when the cue has no match.
 */
export function replaceOne(
  cues: readonly EditorCue[],
  index: number,
  query: string,
  replacement: string,
  options: FindOptions,
): EditorCue[] {
  const cue = cues[index];
  if (!cue || query === "") return cues as EditorCue[];
  const range = matchRange(cue.text, query, options);
  if (!range) return cues as EditorCue[];
  const text = replacePlainRanges(cue.text, [range], replacement);
  return cues.map((c, i) => (i === index ? { ...c, text } : c));
}

/**
 * Where `query` first occurs in a cue's shown text ([start, end) of the match in its plain
 * text, as the text box shows it), or null. `markup` is the cue's text.
 */
export function matchRange(
  markup: string,
  query: string,
  options: FindOptions,
): [number, number] | null {
  if (query === "") return null;
  const re = pattern(query, options);
  const match = re.exec(plainCueText(markup));
  return match ? [match.index, match.index + match[0].length] : null;
}

/**
 * The next (or previous) cue with a match, after (or before) `from`, wrapping around; -1 when
 * none matches. From -1 the search starts at the top (or the bottom, going back).
 */
export function nextMatch(
  cues: readonly EditorCue[],
  query: string,
  options: FindOptions,
  from: number,
  direction: 1 | -1,
): number {
  const matches = matchingCues(cues, query, options);
  if (matches.length === 0) return -1;
  if (direction === 1) return matches.find((i) => i > from) ?? matches[0]!;
  const before = matches.filter((i) => i < (from < 0 ? cues.length : from));
  return before.length > 0 ? before[before.length - 1]! : matches[matches.length - 1]!;
}
