import { translationCostSeconds } from "@verbatim/contract";
import { STYLE_NAMES, type StyleName } from "@verbatim/subtitles";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { availableMinutes, useMe } from "../../api/queries";
import { errorText } from "../../api/error-text";
import type { TranslationBody } from "../../api/types";
import { Button } from "../../components/ui/button";
import { useGlossaries } from "./api";
import { LanguagePicker } from "./language-picker";
import { trackName } from "./language-names";

/** Minutes to one decimal, rounded up (what a charge of `seconds` reads as). */
export function minutesOf(seconds: number): number {
  return Math.ceil(seconds / 6) / 10;
}

/**
 * Asking for a translation: the language (searchable), the reading-limit preset, written or
 * spoken Hong Kong Chinese, a saved glossary; what it costs before the button that asks.
 */
export function TranslateForm({
  durationMs,
  style,
  busy,
  error,
  exclude,
  onSubmit,
  onCancel,
  onManageGlossaries,
}: {
  /** The media's length (the cost is a share of it); null when not known. */
  durationMs: number | null;
  /** The transcription's style preset (the default). */
  style: StyleName;
  busy: boolean;
  /** The last request's failure, shown under the button. */
  error: unknown;
  /** Languages under way, not offered again. */
  exclude: readonly string[];
  onSubmit(body: TranslationBody): void;
  onCancel(): void;
  onManageGlossaries(): void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const me = useMe();
  const glossaries = useGlossaries();
  const [language, setLanguage] = useState<string | null>(null);
  const [preset, setPreset] = useState<StyleName>(style);
  const [register, setRegister] = useState<"written" | "spoken">("written");
  const [glossaryId, setGlossaryId] = useState("");
  const costSeconds = durationMs === null ? null : Math.max(1, translationCostSeconds(durationMs));
  const available = me.data ? availableMinutes(me.data) : null;

  return (
    <form
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!language) return;
        onSubmit({
          language,
          style: preset,
          ...(language === "zh-HK" ? { register } : {}),
          ...(glossaryId ? { glossaryId } : {}),
        });
      }}
    >
      <LanguagePicker value={language} onChange={setLanguage} exclude={exclude} />
      <div className="space-y-1">
        <label htmlFor={`${id}-style`} className="block text-sm font-medium text-zinc-900">
          {t("translation.form.style")}
        </label>
        <select
          id={`${id}-style`}
          value={preset}
          onChange={(event) => setPreset(event.target.value as StyleName)}
          aria-describedby={`${id}-style-hint`}
          className="h-10 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm"
        >
          {STYLE_NAMES.map((name) => (
            <option key={name} value={name}>
              {t(`translation.form.styles.${name}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-style-hint`} className="text-xs text-zinc-600">
          {t("translation.form.styleHint")}
        </p>
      </div>
      {language === "zh-HK" && (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-zinc-900">
            {t("translation.form.register")}
          </legend>
          {(["written", "spoken"] as const).map((choice) => (
            <label
              key={choice}
              className="flex items-center gap-2 text-sm text-zinc-900 max-sm:min-h-11"
            >
              <input
                type="radio"
                name={`${id}-register`}
                checked={register === choice}
                onChange={() => setRegister(choice)}
                className="size-4 accent-blue-600"
              />
              {t(`translation.form.registers.${choice}`)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="space-y-1">
        <label htmlFor={`${id}-glossary`} className="block text-sm font-medium text-zinc-900">
          {t("translation.form.glossary")}
        </label>
        <div className="flex gap-2">
          <select
            id={`${id}-glossary`}
            value={glossaryId}
            onChange={(event) => setGlossaryId(event.target.value)}
            className="h-10 min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 text-sm"
          >
            <option value="">{t("translation.form.noGlossary")}</option>
            {(glossaries.data ?? []).map((glossary) => (
              <option key={glossary.id} value={glossary.id}>
                {glossary.name} ({glossary.entries.length})
              </option>
            ))}
          </select>
          <Button type="button" variant="outline" onClick={onManageGlossaries}>
            {t("translation.glossaries.manage")}
          </Button>
        </div>
      </div>
      <p id={`${id}-cost`} className="text-sm text-zinc-700">
        {costSeconds === null
          ? t("translation.form.costUnknown")
          : t("translation.form.cost", { minutes: minutesOf(costSeconds) })}
        {available !== null && ` ${t("translation.form.available", { minutes: available })}`}
      </p>
      {error !== null && error !== undefined && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errorText(error)}
        </p>
      )}
      {/* Stacked in the editor's narrow side column: a language's name can be long. */}
      <div className="flex flex-col gap-2">
        <Button
          type="submit"
          className="h-auto min-h-10 py-2"
          disabled={!language || busy}
          aria-describedby={`${id}-cost`}
        >
          <span className="min-w-0 whitespace-normal">
            {language
              ? t("translation.form.submit", { language: trackName(language, i18n.language) })
              : t("translation.form.choose")}
          </span>
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
