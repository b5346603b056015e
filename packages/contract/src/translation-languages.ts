import type { Language } from "./languages.js";

// The languages the translation picker offers (docs/translation.md). Any BCP-47 code a model
// writes is accepted by the API; these are the ones offered first, named in both interface
// languages: English, Chinese as written in Hong Kong, Taiwan and the mainland, Cantonese as
// spoken, Japanese, Korean, then the 20 most spoken other languages (Ethnologue 2023, total
// speakers), in that order.

/** One language the picker offers. */
export interface TranslationLanguage {
  /** BCP-47 code, as the API takes it. */
  code: string;
  /** The language's name in each interface language. */
  names: Record<Language, string>;
}

export const TRANSLATION_LANGUAGES: readonly TranslationLanguage[] = [
  { code: "en", names: { en: "English", "zh-HK": "英文" } },
  { code: "zh-HK", names: { en: "Chinese (Hong Kong, Traditional)", "zh-HK": "中文（香港繁體）" } },
  { code: "zh-TW", names: { en: "Chinese (Taiwan, Traditional)", "zh-HK": "中文（台灣繁體）" } },
  { code: "zh-CN", names: { en: "Chinese (Simplified)", "zh-HK": "中文（簡體）" } },
  { code: "yue", names: { en: "Cantonese (as spoken)", "zh-HK": "粵語（口語）" } },
  { code: "ja", names: { en: "Japanese", "zh-HK": "日文" } },
  { code: "ko", names: { en: "Korean", "zh-HK": "韓文" } },
  { code: "hi", names: { en: "Hindi", "zh-HK": "印地文" } },
  { code: "es", names: { en: "Spanish", "zh-HK": "西班牙文" } },
  { code: "fr", names: { en: "French", "zh-HK": "法文" } },
  { code: "ar", names: { en: "Arabic", "zh-HK": "阿拉伯文" } },
  { code: "bn", names: { en: "Bengali", "zh-HK": "孟加拉文" } },
  { code: "pt", names: { en: "Portuguese", "zh-HK": "葡萄牙文" } },
  { code: "ru", names: { en: "Russian", "zh-HK": "俄文" } },
  { code: "ur", names: { en: "Urdu", "zh-HK": "烏爾都文" } },
  { code: "id", names: { en: "Indonesian", "zh-HK": "印尼文" } },
  { code: "de", names: { en: "German", "zh-HK": "德文" } },
  { code: "mr", names: { en: "Marathi", "zh-HK": "馬拉地文" } },
  { code: "te", names: { en: "Telugu", "zh-HK": "泰盧固文" } },
  { code: "tr", names: { en: "Turkish", "zh-HK": "土耳其文" } },
  { code: "ta", names: { en: "Tamil", "zh-HK": "泰米爾文" } },
  { code: "vi", names: { en: "Vietnamese", "zh-HK": "越南文" } },
  { code: "fil", names: { en: "Filipino", "zh-HK": "菲律賓文" } },
  { code: "fa", names: { en: "Persian", "zh-HK": "波斯文" } },
  { code: "sw", names: { en: "Swahili", "zh-HK": "斯瓦希里文" } },
  { code: "it", names: { en: "Italian", "zh-HK": "意大利文" } },
  { code: "th", names: { en: "Thai", "zh-HK": "泰文" } },
];

/**
 * A BCP-47 language tag in its canonical case (`zh-hk` → `zh-HK`), or null when it is not one.
 * Uses the runtime's own BCP-47 parser (Intl.getCanonicalLocales).
 */
export function canonicalLanguageTag(value: string): string | null {
  if (value.length === 0 || value.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null;
  }
}

/** The picker's name of a language in an interface language; the code itself otherwise. */
export function translationLanguageName(code: string, language: Language): string {
  return TRANSLATION_LANGUAGES.find((item) => item.code === code)?.names[language] ?? code;
}
