import type { Subtitle } from "../../api/types";

/** A word with its times, as the server sends them for a cue whose text is unchanged. */
export type TimedWord = NonNullable<Subtitle["words"]>[number];

/** A word placed in the cue's text, with what comes before it: nothing (CJK), a space or a line break. */
export interface PlacedWord extends TimedWord {
  before: "" | " " | "\n";
}

/**
 * Lays the words out over the cue's text, or null when they no longer spell it (the text was
 * edited, split or merged): highlighting then stops rather than marking the wrong word.
 */
export function placeWords(
  text: string,
  words: readonly TimedWord[] | undefined,
  /** The cue's times: words that no longer fall inside them (it was re-timed) are not used. */
  span: [number, number] | null,
): PlacedWord[] | null {
  if (!words || words.length === 0 || !span) return null;
  if (words[0]!.startMs >= span[1] || words[words.length - 1]!.endMs <= span[0]) return null;
  const placed: PlacedWord[] = [];
  let at = 0;
  for (const word of words) {
    const shown = word.text.trim();
    if (shown === "") continue;
    const found = text.indexOf(shown, at);
    // Only whitespace may lie between one word and the next.
    if (found < 0 || text.slice(at, found).trim() !== "") return null;
    const gap = text.slice(at, found);
    const before = gap.includes("\n") ? "\n" : gap !== "" && placed.length > 0 ? " " : "";
    placed.push({ ...word, text: shown, before });
    at = found + shown.length;
  }
  return text.slice(at).trim() === "" && placed.length > 0 ? placed : null;
}

/** The position of the word being spoken at `ms` (the last one started), or -1. */
export function spokenWord(words: readonly PlacedWord[], ms: number): number {
  let current = -1;
  for (const [i, word] of words.entries()) {
    if (word.startMs <= ms) current = i;
    else break;
  }
  const word = words[current];
  return word && ms < Math.max(word.endMs, words[current + 1]?.startMs ?? word.endMs)
    ? current
    : -1;
}
