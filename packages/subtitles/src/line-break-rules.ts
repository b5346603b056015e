import { breaksAnywhere } from "./cjk.js";

// Characters that must not start a line (kinsoku): closing brackets, punctuation, small kana.
const NO_LINE_START = new Set(
  Array.from(
    "，。！？、；：」』）】〕》〉｝］〙〗〟’”・…‥ー々ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ．｡､" +
      ",.!?;:)]}%",
  ),
);
// Characters that must not end a line: opening brackets and quotes.
const NO_LINE_END = new Set(Array.from("「『（【〔《〈｛［〘〖〝‘“([{"));
// A break right after one of these reads naturally.
const BREAK_AFTER = new Set(Array.from(",.;:!?…—–，。；：！？、"));
// prettier-ignore
const CONJUNCTIONS = new Set([
  "and", "but", "or", "nor", "so", "yet", "because", "although", "though", "while",
  "whereas", "if", "unless", "until", "when", "where", "which", "who", "that", "than", "then",
]);

/** Whether a character may not begin a line, such as `，` `。` `」` or a small kana. */
export function isNoLineStart(ch: string): boolean {
  return NO_LINE_START.has(ch);
}

/** Whether a line may break between two adjacent non-space characters (CJK allows it). */
export function canBreakBetween(before: string, after: string): boolean {
  if (NO_LINE_START.has(after) || NO_LINE_END.has(before)) return false;
  return breaksAnywhere(before) || breaksAnywhere(after);
}

/** Whether a line ending in this character ends at punctuation, a good place to break. */
export function isBreakAfterPunctuation(ch: string): boolean {
  return BREAK_AFTER.has(ch);
}

/** Whether a word is a conjunction that a new line may begin with (English). */
export function isConjunction(word: string): boolean {
  return CONJUNCTIONS.has(word.toLowerCase());
}
