import { breaksAnywhere } from "./cjk.js";
import { baseLanguage } from "./function-words.js";

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
// One Segmenter per locale: building one loads ICU break data, far slower than reusing it.
const segmenters = new Map<string, Intl.Segmenter>();

/**
 * The Intl.Segmenter locale that finds words in text without spaces: Japanese for "ja",
 * Chinese for "zh" and "yue"; otherwise Japanese when the text has kana, else Chinese.
 */
export function segmenterLocale(language: string | null | undefined, text: string): "ja" | "zh" {
  const base = baseLanguage(language);
  if (base === "ja") return "ja";
  if (base === "zh" || base === "yue") return "zh";
  return KANA.test(text) ? "ja" : "zh";
}

/**
 * Splits text into words as joined pieces: Chinese and Japanese runs at the word boundaries
 * Intl.Segmenter finds ("人工智能" stays one piece with the spaces and punctuation around
 * it as pieces of their own). Text with no such run comes back whole, as spaces are
 * break opportunities anyway.
 */
export function splitWords(text: string, language?: string | null): string[] {
  if (!hasUnspacedScript(text)) return text === "" ? [] : [text];
  const segmenter = segmenterFor(segmenterLocale(language, text));
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

function hasUnspacedScript(text: string): boolean {
  for (const ch of text) if (breaksAnywhere(ch)) return true;
  return false;
}

function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: "word" });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}
