import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../i18n/language";

/** Switches the interface between English and Traditional Chinese (HK); the choice is kept. */
export function LanguageSwitcher({ id = "language" }: { id?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t("common.language")}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-800 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`common.languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
