import type { Cue } from "./cue.js";

/** A cue with nothing to show: no text, or only spaces and line breaks. */
export function isEmptyCue(cue: Pick<Cue, "text">): boolean {
  return cue.text.trim() === "";
}

/**
 * The cues a subtitle file is written from: empty ones are left out (a file would show a blank
 * subtitle, or a bare `Speaker 1: `, where nothing is said) and the rest numbered from 1.
 * Left out rather than refused: an empty cue is a leftover of editing (an inserted or split
 * cue never filled in) and holds nothing the user would lose; the editor says how many there
 * are before a download.
 */
export function cuesWithText<T extends Cue>(cues: readonly T[]): T[] {
  if (!cues.some(isEmptyCue)) return cues as T[];
  return cues.filter((cue) => !isEmptyCue(cue)).map((cue, i) => ({ ...cue, index: i + 1 }));
}
