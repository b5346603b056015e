import { breaksAnywhere, displayLength, splitWords } from "@verbatim/subtitles";
import type { CueOptions } from "./cue-options.js";
import { LONG_PAUSE_MS } from "./split-priority.js";
import type { SpeechUnit } from "./speech-units.js";

/** What joining pieces of a word needs to know: the language and the limits a unit must keep. */
export type WordUnitOptions = Pick<CueOptions, "language" | "cjkMaxCharsPerLine" | "maxDurationMs">;

/**
 * Joins one segment's units that fall inside one Chinese or Japanese word, as Intl.Segmenter
 * finds words in the segment's text: Whisper times CJK text by token, often one character, and
 * a cue or line must not end inside "人工智能". Units stay apart where joining them would
 * make a unit longer than a line or a cue, or span a long pause.
 */
export function joinWordPieces(units: SpeechUnit[], options: WordUnitOptions): SpeechUnit[] {
  const first = units[0];
  if (!first || units.length < 2) return units;
  const words = splitWords(units.map((unit) => unit.text).join(""), options.language);
  const wordStarts = new Set<number>();
  let offset = 0;
  for (const word of words) {
    wordStarts.add(offset);
    offset += word.length;
  }
  const joined = [first];
  offset = first.text.length;
  for (const unit of units.slice(1)) {
    const previous = joined[joined.length - 1] ?? first;
    const inWord = !wordStarts.has(offset) && unspacedJunction(previous.text, unit.text);
    if (inWord && fitsOneUnit(previous, unit, options)) {
      previous.text += unit.text;
      previous.end = Math.max(previous.end, unit.end);
      previous.words.push(...unit.words);
    } else {
      joined.push(unit);
    }
    offset += unit.text.length;
  }
  return joined;
}

/** Whether two texts meet between characters of a script written without spaces. */
function unspacedJunction(before: string, after: string): boolean {
  return (
    breaksAnywhere(Array.from(before).at(-1) ?? "") && breaksAnywhere(Array.from(after)[0] ?? "")
  );
}

function fitsOneUnit(previous: SpeechUnit, next: SpeechUnit, options: WordUnitOptions): boolean {
  return (
    next.start - previous.end < LONG_PAUSE_MS &&
    next.end - previous.start <= options.maxDurationMs &&
    displayLength(previous.text + next.text) <= options.cjkMaxCharsPerLine
  );
}
