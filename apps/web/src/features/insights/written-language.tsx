import type { InsightsBody } from "../../api/types";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** The languages insights can be asked for in: the transcript's, English, Chinese in a script. */
export const WRITTEN_LANGUAGES = {
  transcript: { language: null, chineseScript: null },
  en: { language: "en", chineseScript: null },
  "zh-HK": { language: "zh-HK", chineseScript: "hk" },
  "zh-TW": { language: "zh-TW", chineseScript: "tw" },
  "zh-CN": { language: "zh-CN", chineseScript: "cn" },
} as const satisfies Record<string, InsightsBody>;
export type WrittenLanguage = keyof typeof WRITTEN_LANGUAGES;

/** Which language the insights are written in (Chinese in the script chosen). */
export function WrittenLanguageChoice({
  value,
  onChange,
}: {
  value: WrittenLanguage;
  onChange(value: WrittenLanguage): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm text-zinc-800">
      {t("insights.language.label")}
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as WrittenLanguage)}
        className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm"
      >
        {(Object.keys(WRITTEN_LANGUAGES) as WrittenLanguage[]).map((choice) => (
          <option key={choice} value={choice}>
            {t(`insights.language.${choice}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
