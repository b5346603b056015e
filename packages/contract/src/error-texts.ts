import en from "./error-texts/en.json" with { type: "json" };
import zhHK from "./error-texts/zh-HK.json" with { type: "json" };
import type { Language } from "./languages.js";

/**
 * The error catalogue: what each error code means to a person, in each language, with
 * `{{name}}` placeholders filled from the error's details. The web app shows these texts; the
 * server sends them as the message to clients that ask for the language (Accept-Language).
 */
export const ERROR_TEXTS: Record<Language, Record<string, string>> = {
  en: en.errors,
  "zh-HK": zhHK.errors,
};

/** The text for `code` in `language`, or null when there is none or a detail it names is missing. */
export function errorTextFor(
  code: string,
  language: Language,
  details?: Record<string, unknown>,
): string | null {
  const template = ERROR_TEXTS[language][code];
  if (template === undefined) return null;
  let missing = false;
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = details?.[name];
    if (value === undefined || value === null) missing = true;
    return String(value);
  });
  return missing ? null : text;
}
