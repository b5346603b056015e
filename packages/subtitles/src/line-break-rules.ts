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
// A break right after these reads naturally: sentence ends best, then clause punctuation.
const SENTENCE_END = new Set(Array.from(".!?…。！？"));
const CLAUSE_END = new Set(Array.from(",;:—–，；：、"));
// Closing quotes and brackets that may follow the punctuation ("end." or 「終わり。」).
const CLOSERS = new Set(Array.from("\"'”’)]}」』）】〕》〉"));

/** Whether a character may not begin a line, such as `，` `。` `」` or a small kana. */
export function isNoLineStart(ch: string): boolean {
  return NO_LINE_START.has(ch);
}

/** Whether a line may break between two adjacent non-space characters (CJK allows it). */
export function canBreakBetween(before: string, after: string): boolean {
  if (NO_LINE_START.has(after) || NO_LINE_END.has(before)) return false;
  return breaksAnywhere(before) || breaksAnywhere(after);
}

/** Which punctuation a line ending at chars[end - 1] ends with, looking past closing quotes. */
export function punctuationBefore(
  chars: readonly string[],
  end: number,
): "sentence" | "clause" | null {
  for (let i = end - 1; i >= 0; i -= 1) {
    const ch = chars[i] ?? "";
    if (SENTENCE_END.has(ch)) return "sentence";
    if (CLAUSE_END.has(ch)) return "clause";
    if (!CLOSERS.has(ch)) return null;
  }
  return null;
}
