import i18n, { type Resource } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { initialLanguage, LANGUAGES, storeLanguage, type Language } from "./language";

type Texts = () => Promise<{ default: Record<string, unknown> }>;

/**
 * The texts in two parts, each its own chunk per language, so a page downloads only what it
 * shows: i18next's default namespace holds the public pages' texts (with the frame around every
 * page and the error messages); "app" holds the rest, looked up when a key is not in the first.
 */
const DEFAULT_NS = "translation";
const APP_NS = "app";
const parts: Record<string, Record<Language, Texts>> = {
  [DEFAULT_NS]: {
    en: () => import("./translations/en-public"),
    "zh-HK": () => import("./translations/zh-HK-public"),
  },
  [APP_NS]: {
    en: () => import("./translations/en-app"),
    "zh-HK": () => import("./translations/zh-HK-app"),
  },
};

/**
 * Starts i18next in the preferred language and keeps `<html lang>` and the preference in step.
 * In the browser each language's texts are fetched when first shown (switching loads the
 * other one); `appTexts: false` starts with the public part only (a prerendered page being
 * hydrated), and `withAppTexts` brings the rest. `resources` given (tests) are used as they are.
 */
export async function setupI18n(
  language: Language = initialLanguage(),
  resources?: Resource,
  { appTexts = true }: { appTexts?: boolean } = {},
) {
  const instance = i18n.use(initReactI18next);
  if (!resources) {
    instance.use(
      resourcesToBackend((lng: string, ns: string) => {
        const load = parts[ns]?.[lng as Language];
        return load ? load() : Promise.resolve({ default: {} });
      }),
    );
  }
  await instance.init({
    ...(resources ? { resources } : {}),
    lng: language,
    supportedLngs: LANGUAGES,
    ns: resources || !appTexts ? [DEFAULT_NS] : [DEFAULT_NS, APP_NS],
    defaultNS: DEFAULT_NS,
    fallbackNS: APP_NS,
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

/**
 * `loading` (a page's code), once the texts of the pages no visitor sees first are there too:
 * both are fetched at once. The texts come in the current language, and in any language chosen
 * later (i18next loads every namespace it has loaded once when the language changes); when they
 * are there already, only `loading` is waited for.
 */
export async function withAppTexts<T>(loading: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([loading, i18n.loadNamespaces(APP_NS)]);
  return loaded;
}
