import { translationLanguageName, type Language } from "@verbatim/contract";

/** The interface language i18next runs in, as the contract names it. */
export function interfaceLanguage(current: string): Language {
  return current === "zh-HK" ? "zh-HK" : "en";
}

/** A translation language's name in the interface language ("Chinese (Hong Kong…)" / "英文"). */
export function trackName(code: string, current: string): string {
  return translationLanguageName(code, interfaceLanguage(current));
}
