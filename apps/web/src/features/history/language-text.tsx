import { useTranslation } from "react-i18next";
import { dateLocale } from "../../i18n/language";
import { languageNamer } from "../workspace/spoken-languages";

/** A job's spoken language in words in the interface's language; a dash while unknown. */
export function useLanguageName(): (code: string | null | undefined) => string {
  const { t, i18n } = useTranslation();
  const nameOf = languageNamer(dateLocale(i18n.language));
  return (code) => (code ? nameOf(code) : t("workspace.history.unknownLanguage"));
}

/**
 * "Language: Cantonese" ("語言：廣東話") for a job's language, detected or chosen (a job left on
 * Auto says here which language it found); nothing while it is not known.
 */
export function LanguageText({
  code,
  className,
}: {
  code: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const nameOf = useLanguageName();
  if (!code) return null;
  return (
    <span className={className} data-language={code}>
      {t("workspace.history.languageLine", { language: nameOf(code) })}
    </span>
  );
}
