import { useTranslation } from "react-i18next";

/**
 * The 57 languages shown to visitors: widely spoken languages from whisper's own table
 * (packages/engine/src/text/languages.ts), by its codes; names are marketing.languages.names.<code>.
 */
// prettier-ignore
export const SHOWN_LANGUAGES = [
  "en", "zh", "yue", "es", "hi", "ar", "bn", "pt", "ru", "ja",
  "de", "fr", "ko", "it", "tr", "vi", "id", "th", "ms", "tl",
  "ur", "fa", "pa", "mr", "te", "ta", "gu", "kn", "ml", "ne",
  "si", "my", "km", "pl", "uk", "nl", "ro", "el", "cs", "hu",
  "sv", "da", "no", "fi", "he", "sk", "bg", "hr", "sr", "ca",
  "az", "kk", "uz", "sw", "ha", "af", "am",
] as const;

/** The language names as a wrapped list of chips. */
export function LanguageList() {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap justify-center gap-2">
      {SHOWN_LANGUAGES.map((code) => (
        <li
          key={code}
          className="rounded-full border border-zinc-200 bg-white px-3 py-1 text-sm text-zinc-800"
        >
          {t(`marketing.languages.names.${code}`)}
        </li>
      ))}
    </ul>
  );
}
