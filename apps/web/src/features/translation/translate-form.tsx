import { translationCostSeconds } from "@verbatim/contract";
import type { StyleName } from "@verbatim/subtitles";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { availableMinutes, useMe } from "../../api/queries";
import { errorText } from "../../api/error-text";
import type { TranslationBody } from "../../api/types";
import { Button } from "../../components/ui/button";
import { GlossarySelect, PresetSelect, RegisterChoice } from "./translate-options";
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
      <PresetSelect id={`${id}-style`} value={preset} onChange={setPreset} hint />
      {language === "zh-HK" && (
        <RegisterChoice name={`${id}-register`} value={register} onChange={setRegister} />
      )}
      <GlossarySelect
        id={`${id}-glossary`}
        value={glossaryId}
        onChange={setGlossaryId}
        action={
          <Button type="button" variant="outline" onClick={onManageGlossaries}>
            {t("translation.glossaries.manage")}
          </Button>
        }
      />
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
