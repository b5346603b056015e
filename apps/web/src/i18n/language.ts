import { languageFromPreferences, LANGUAGES, type Language } from "@verbatim/contract";

/** The interface languages (the rule that picks one is shared with the server). */
export { LANGUAGES, type Language };

const STORAGE_KEY = "language";

/** zh-HK for zh-HK, zh-TW and any zh-Hant browser language; en for everything else. */
export const languageFromBrowser = languageFromPreferences;

/** The stored preference if it is en or zh-HK, else the browser's language. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === "en" || stored === "zh-HK") return stored;
  return languageFromBrowser(
    navigator.languages.length ? navigator.languages : [navigator.language],
  );
}

export function storeLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  // The server sends prerendered pages in this language (apps/server/src/web/prerendered-pages).
  document.cookie = `verbatim_language=${encodeURIComponent(language)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The stored preference, if any. */
export function storedLanguage(): Language | null {
  const stored = localStorage.getItem(STORAGE_KEY);
  return stored === "en" || stored === "zh-HK" ? stored : null;
}

/** Locale for dates and numbers in the chosen language. */
export function dateLocale(language: string): string {
  return language === "zh-HK" ? "zh-HK" : "en-US";
}
