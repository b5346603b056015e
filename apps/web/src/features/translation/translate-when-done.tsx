import { MAX_TRANSLATE_TO, TRANSLATION_LANGUAGES } from "@verbatim/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { interfaceLanguage, trackName } from "./language-names";

/**
 * The upload form's "Translate when done": up to MAX_TRANSLATE_TO languages whose translations
 * the server queues as soon as the transcript is ready (the upload's `translateTo`).
 */
export function TranslateWhenDone({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange(next: string[]): void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const language = interfaceLanguage(i18n.language);
  const left = TRANSLATION_LANGUAGES.filter((item) => !value.includes(item.code));
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="font-medium text-zinc-900">{t("translation.upload.legend")}</legend>
      <p id={`${id}-hint`} className="text-sm text-zinc-600">
        {t("translation.upload.hint")}
      </p>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {value.map((code) => (
            <li
              key={code}
              className="flex items-center gap-1 rounded-full bg-blue-50 py-0.5 pr-1 pl-3 text-sm text-blue-950"
            >
              {trackName(code, i18n.language)}
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="h-7 px-2"
                aria-label={t("translation.upload.remove", {
                  language: trackName(code, i18n.language),
                })}
                onClick={() => onChange(value.filter((item) => item !== code))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      {value.length < MAX_TRANSLATE_TO && (
        <div className="space-y-1">
          <label htmlFor={`${id}-add`} className="block text-sm text-zinc-800">
            {t("translation.upload.add")}
          </label>
          <select
            id={`${id}-add`}
            value=""
            onChange={(event) => event.target.value && onChange([...value, event.target.value])}
            className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900"
          >
            <option value="">—</option>
            {left.map((item) => (
              <option key={item.code} value={item.code}>
                {item.names[language]}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
