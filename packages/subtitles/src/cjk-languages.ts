const CJK_LANGUAGES = new Set(["zh", "ja", "ko", "yue"]);

/** Whether a language code (also "zh-TW", "ja_JP") is Chinese, Japanese, Korean or Cantonese. */
export function isCjkLanguage(language: string | null | undefined): boolean {
  const base = language?.toLowerCase().split(/[-_]/)[0];
  return base !== undefined && CJK_LANGUAGES.has(base);
}
