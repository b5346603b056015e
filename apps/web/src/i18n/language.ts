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

/**
 * Locale for dates, numbers and language names in the chosen interface language: the
 * browser's own locale for it where it has one (English in a UK browser is en-GB, so dates
 * read 28 Nov 2026, not Nov 28, 2026), else en-US or zh-HK.
 */
export function dateLocale(
  language: string,
  preferred: readonly string[] = typeof navigator === "undefined" ? [] : browserLocales(),
): string {
  const chinese = language === "zh-HK";
  const fits = (tag: string) => {
    const lower = tag.toLowerCase();
    return chinese
      ? lower === "zh-hk" || lower === "zh-tw" || lower === "zh-mo" || lower.startsWith("zh-hant")
      : lower === "en" || lower.startsWith("en-");
  };
  const found = preferred.find((tag) => fits(tag) && isSupportedLocale(tag));
  return found ?? (chinese ? "zh-HK" : "en-US");
}

function browserLocales(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function isSupportedLocale(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false; // not a well-formed tag
  }
}
