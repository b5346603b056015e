import i18n, { type Resource } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { initialLanguage, LANGUAGES, storeLanguage, type Language } from "./language";

/** One language's texts, as its own chunk: a page downloads only the language it shows. */
const translations: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import("./translations/en"),
  "zh-HK": () => import("./translations/zh-HK"),
};

/**
 * Starts i18next in the preferred language and keeps `<html lang>` and the preference in step.
 * In the browser each language is fetched when first shown (switching loads the other one);
 * `resources` given (tests) are used as they are.
 */
export async function setupI18n(language: Language = initialLanguage(), resources?: Resource) {
  const instance = i18n.use(initReactI18next);
  if (!resources) {
    instance.use(
      resourcesToBackend((lng: string) =>
        lng in translations ? translations[lng as Language]() : Promise.resolve({ default: {} }),
      ),
    );
  }
  await instance.init({
    ...(resources ? { resources } : {}),
    lng: language,
    supportedLngs: LANGUAGES,
    // Both languages have every key (test/locales.test.ts), so nothing falls back, and the
    // other language is not downloaded just in case.
    fallbackLng: false,
    load: "currentOnly",
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  i18n.on("languageChanged", (next) => {
    document.documentElement.lang = next;
    if (next === "en" || next === "zh-HK") storeLanguage(next);
  });
  return i18n;
}
