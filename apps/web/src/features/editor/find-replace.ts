import type { EditorCue } from "./types";

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
  return cues.reduce((sum, cue) => sum + (cue.text.match(re)?.length ?? 0), 0);
}

/** The positions (list indexes) of the cues whose text contains `query`. */
export function matchingCues(
  cues: readonly EditorCue[],
  query: string,
  options: FindOptions,
): number[] {
  if (query === "") return [];
  const re = pattern(query, options);
  return cues.flatMap((cue, i) => (cue.text.search(re) >= 0 ? [i] : []));
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
    const text = cue.text.replace(re, () => replacement);
    if (text === cue.text) return cue;
    changed = true;
    return { ...cue, text };
  });
  return changed ? next : (cues as EditorCue[]);
}
