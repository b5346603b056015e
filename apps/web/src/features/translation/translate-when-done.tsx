import { MAX_TRANSLATE_TO, TRANSLATION_LANGUAGES } from "@verbatim/contract";
import type { StyleName } from "@verbatim/subtitles";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { GlossarySelect, PresetSelect, RegisterChoice } from "./translate-options";
import { interfaceLanguage, trackName } from "./language-names";

/** How the upload's translations are made, as the Translations panel asks (all optional). */
export interface TranslateWhenDoneOptions {
  /** A saved glossary's id (the upload's `translateGlossaryId`). */
  translateGlossaryId?: string | undefined;
  /** The reading-limit preset (`translateStyle`); undefined: the transcription's. */
  translateStyle?: StyleName | undefined;
  /** Hong Kong Chinese written or spoken (`translateRegister`), with zh-HK. */
  translateRegister?: "written" | "spoken" | undefined;
}

/**
 * The upload form's "Translate when done": up to MAX_TRANSLATE_TO languages whose translations
 * the server queues as soon as the transcript is ready (the upload's `translateTo`) and, with
 * `onOptionsChange`, once a language is chosen, the reading-limit preset, a saved glossary and
 * (with zh-HK) written or spoken Chinese, as the Translations panel offers them.
 */
export function TranslateWhenDone({
  value,
  onChange,
  options = {},
  defaultStyle = "standard",
  onOptionsChange,
}: {
  value: readonly string[];
  onChange(next: string[]): void;
  options?: TranslateWhenDoneOptions;
  /** The transcription's preset: the translations' unless another is chosen. */
  defaultStyle?: StyleName;
  onOptionsChange?(next: TranslateWhenDoneOptions): void;
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
                className="tap-target h-7 px-2"
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
      {value.length > 0 && onOptionsChange && (
        <HowToTranslate
          languages={value}
          options={options}
          defaultStyle={defaultStyle}
          onChange={onOptionsChange}
        />
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

/** The preset, glossary and register of the upload's translations. */
function HowToTranslate({
  languages,
  options,
  defaultStyle,
  onChange,
}: {
  languages: readonly string[];
  options: TranslateWhenDoneOptions;
  defaultStyle: StyleName;
  onChange(next: TranslateWhenDoneOptions): void;
}) {
  const id = useId();
  const set = (change: TranslateWhenDoneOptions) => onChange({ ...options, ...change });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PresetSelect
        id={`${id}-style`}
        value={options.translateStyle ?? defaultStyle}
        onChange={(translateStyle) => set({ translateStyle })}
      />
      <GlossarySelect
        id={`${id}-glossary`}
        value={options.translateGlossaryId ?? ""}
        onChange={(chosen) => set({ translateGlossaryId: chosen || undefined })}
      />
      {languages.includes("zh-HK") && (
        <RegisterChoice
          name={`${id}-register`}
          value={options.translateRegister ?? "written"}
          onChange={(translateRegister) => set({ translateRegister })}
          className="sm:col-span-2"
        />
      )}
    </div>
  );
}
