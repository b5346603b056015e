import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import type { ModelListing } from "../../api/types";
import { CantoneseModelNotice } from "./cantonese-model-notice";
import { useSpeakersAvailable } from "./model-readiness";
import { SpeakersChoice } from "./speakers-choice";
import { pinnedLanguages, spokenLanguages } from "./spoken-languages";
import type { TranscribeOptions } from "./upload-transport";
import { TranslateWhenDone } from "../translation/translate-when-done";

const SELECT =
  "h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600";

/**
 * Model, word timings, spoken language, transcribe or translate, Chinese characters, style and
 * speakers; bilingual subtitles and the languages to translate into when done.
 */
export function OptionsPanel({
  value,
  onChange,
  withSubtitleFile = false,
}: {
  value: TranscribeOptions;
  onChange(next: TranscribeOptions): void;
  /** A subtitle file goes with the media: its text is used, so no bilingual subtitles. */
  withSubtitleFile?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const languages = useMemo(() => spokenLanguages(i18n.language), [i18n.language]);
  const models = useQuery({
    queryKey: ["models"],
    queryFn: () => api<ModelListing[]>("/api/models"),
    staleTime: 60_000,
  });
  const installed = (id: string) => models.data?.find((m) => m.id === id)?.installed ?? true;
  const pinned = pinnedLanguages(i18n.language);
  // Cantonese is written as spoken only where the server has a model that does it.
  const cantoneseModel = models.data?.some((m) => m.family === "sensevoice" && m.installed);
  // Fast and Accurate both run Cantonese on the Cantonese model, whichever Whisper is missing.
  const runs = (id: string) => installed(id) || (value.language === "yue" && !!cantoneseModel);
  const set = (patch: Partial<TranscribeOptions>) => onChange({ ...value, ...patch });
  // Without the server's speaker models, an upload asking for speakers would be refused.
  const speakersAvailable = useSpeakersAvailable();
  const speakersOn = value.speakers.kind !== "off";
  useEffect(() => {
    if (!speakersAvailable && speakersOn) onChange({ ...value, speakers: { kind: "off" } });
  }, [speakersAvailable, speakersOn, value, onChange]);
  const pinnedName = (code: string) =>
    code === "yue"
      ? t("workspace.options.cantonese")
      : code === "zh"
        ? t("workspace.options.chineseWritten")
        : (languages.find((language) => language.code === code)?.name ?? code);
  // A choice that stops running here (Accurate for Cantonese, then another language) goes back to Fast.
  // Only once: when Fast cannot run either (no model installed yet), nothing is left to go back to.
  const goBackToFast = !!models.data && value.model !== "whisper-1" && !runs(value.model);
  useEffect(() => {
    if (goBackToFast) onChange({ ...value, model: "whisper-1" });
  }, [goBackToFast, value, onChange]);
  const chinese = value.language === "zh" || value.language === "yue" || value.language === "auto";
  return (
    <fieldset className="space-y-5 rounded-xl border border-zinc-200 p-5">
      <legend className="px-1 text-base font-semibold text-zinc-900">
        {t("workspace.options.title")}
      </legend>
      <div
        role="radiogroup"
        aria-label={t("workspace.options.model")}
        className="grid gap-3 sm:grid-cols-2"
      >
        {(
          [
            ["whisper-1", "fast"],
            ["gpt-4o-transcribe", "accurate"],
          ] as const
        ).map(([id, name]) => (
          <label
            key={id}
            className="flex cursor-pointer gap-3 rounded-lg border border-zinc-200 p-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:disabled]:opacity-60"
          >
            <input
              type="radio"
              name="model"
              value={id}
              checked={value.model === id}
              disabled={!runs(id)}
              onChange={() => set({ model: id })}
              className="mt-1 accent-blue-600"
            />
            <span>
              <span className="block font-medium text-zinc-900">
                {t(`workspace.options.${name}`)}
              </span>
              <span className="block text-sm text-zinc-600">
                {runs(id)
                  ? t(`workspace.options.${name}Hint`)
                  : t("workspace.options.notInstalled")}
              </span>
            </span>
          </label>
        ))}
      </div>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          checked={value.generateTimestamps}
          onChange={(event) => set({ generateTimestamps: event.target.checked })}
          className="mt-1 size-4 accent-blue-600"
        />
        <span>
          <span className="block font-medium text-zinc-900">
            {t("workspace.options.timestamps")}
          </span>
          <span className="block text-sm text-zinc-600">
            {t("workspace.options.timestampsHint")}
          </span>
        </span>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor="spoken-language" className="block text-sm font-medium text-zinc-800">
            {t("workspace.options.language")}
          </label>
          <select
            id="spoken-language"
            className={SELECT}
            value={value.language}
            aria-describedby={value.language === "yue" ? "cantonese-hint" : undefined}
            onChange={(e) => set({ language: e.target.value })}
          >
            <option value="auto">{t("workspace.options.auto")}</option>
            <optgroup label={t("workspace.options.commonLanguages")}>
              {pinned.map((code) => (
                <option key={code} value={code}>
                  {pinnedName(code)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("workspace.options.allLanguages")}>
              {languages
                .filter((language) => !pinned.includes(language.code))
                .map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.name}
                  </option>
                ))}
            </optgroup>
          </select>
          {value.language === "yue" && models.data && (
            <CantoneseModelNotice
              listed={!!cantoneseModel}
              fallback={!!value.whisperFallback}
              onFallback={(on) => set({ whisperFallback: on })}
            />
          )}
        </div>
        <div className="space-y-1.5">
          <label htmlFor="task" className="block text-sm font-medium text-zinc-800">
            {t("workspace.options.task")}
          </label>
          <select
            id="task"
            className={SELECT}
            value={value.task}
            onChange={(e) => {
              const task = e.target.value as TranscribeOptions["task"];
              // A translation has one language: no bilingual subtitles.
              set({ task, ...(task === "translate" ? { bilingual: false } : {}) });
            }}
          >
            <option value="transcribe">{t("workspace.options.transcribe")}</option>
            <option value="translate">{t("workspace.options.translate")}</option>
          </select>
        </div>
        {chinese && value.task === "transcribe" && (
          <div className="space-y-1.5">
            <label htmlFor="chinese-script" className="block text-sm font-medium text-zinc-800">
              {t("workspace.options.chinese")}
            </label>
            <select
              id="chinese-script"
              className={SELECT}
              value={value.chineseScript}
              onChange={(e) =>
                set({ chineseScript: e.target.value as TranscribeOptions["chineseScript"] })
              }
            >
              <option value="hk">{t("workspace.options.hk")}</option>
              <option value="tw">{t("workspace.options.tw")}</option>
              <option value="cn">{t("workspace.options.cn")}</option>
              <option value="none">{t("workspace.options.none")}</option>
            </select>
          </div>
        )}
        <div className="space-y-1.5">
          <label htmlFor="subtitle-style" className="block text-sm font-medium text-zinc-800">
            {t("workspace.options.style")}
          </label>
          <select
            id="subtitle-style"
            className={SELECT}
            value={value.style}
            onChange={(e) => set({ style: e.target.value as TranscribeOptions["style"] })}
          >
            <option value="standard">{t("workspace.options.styleStandard")}</option>
            <option value="netflix">{t("workspace.options.styleNetflix")}</option>
          </select>
        </div>
        <SpeakersChoice
          value={value.speakers}
          onChange={(speakers) => set({ speakers })}
          available={speakersAvailable}
        />
      </div>
      <label className="flex items-start gap-3 has-[:disabled]:opacity-60">
        <input
          type="checkbox"
          checked={value.bilingual}
          disabled={withSubtitleFile || value.task === "translate"}
          onChange={(event) => set({ bilingual: event.target.checked })}
          aria-describedby="bilingual-hint"
          className="mt-1 size-4 accent-blue-600"
        />
        <span>
          <span className="block font-medium text-zinc-900">
            {t("workspace.options.bilingual")}
          </span>
          <span id="bilingual-hint" className="block text-sm text-zinc-600">
            {withSubtitleFile
              ? t("workspace.options.bilingualWithFile")
              : value.task === "translate"
                ? t("workspace.options.bilingualTranslate")
                : t("workspace.options.bilingualHint")}
          </span>
        </span>
      </label>
      <TranslateWhenDone
        value={value.translateTo ?? []}
        onChange={(translateTo) => set({ translateTo })}
        options={value}
        defaultStyle={value.style}
        onOptionsChange={set}
      />
    </fieldset>
  );
}
