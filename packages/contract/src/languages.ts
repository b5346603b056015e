/** The interface languages: English and Traditional Chinese as written in Hong Kong. */
export const LANGUAGES = ["en", "zh-HK"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The language for someone whose preferences are `preferred` (most preferred first, as
 * `navigator.languages` or a sorted Accept-Language give them): zh-HK for zh-HK, zh-TW, zh-MO
 * and any zh-Hant; English for everything else, Simplified Chinese included (not offered).
 */
export function languageFromPreferences(preferred: readonly string[]): Language {
  const first = preferred[0]?.toLowerCase() ?? "";
  return /^zh-(hk|tw|mo|hant)/.test(first) ? "zh-HK" : "en";
}
