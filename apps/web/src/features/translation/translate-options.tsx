import { STYLE_NAMES, type StyleName } from "@verbatim/subtitles";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useGlossaries } from "./api";

// How a translation is made — the reading preset, the glossary, written or spoken Cantonese —
// as the editor's Translations panel and the upload's "Translate when done" both ask it.

const SELECT =
  "h-10 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900";

/** The reading preset the translation is fitted to (line length, reading speed). */
export function PresetSelect({
  id,
  value,
  onChange,
  hint = false,
}: {
  id: string;
  value: StyleName;
  onChange(next: StyleName): void;
  /** Say under it what a preset decides. */
  hint?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-900">
        {t("translation.form.style")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as StyleName)}
        {...(hint ? { "aria-describedby": `${id}-hint` } : {})}
        className={SELECT}
      >
        {STYLE_NAMES.map((name) => (
          <option key={name} value={name}>
            {t(`translation.form.styles.${name}`)}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-600">
          {t("translation.form.styleHint")}
        </p>
      )}
    </div>
  );
}

/** One of the user's glossaries, or none ("" ), with an optional action beside it. */
export function GlossarySelect({
  id,
  value,
  onChange,
  action,
}: {
  id: string;
  value: string;
  onChange(next: string): void;
  /** Shown beside the list (the panel's "Manage glossaries"). */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const glossaries = useGlossaries();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-900">
        {t("translation.form.glossary")}
      </label>
      <div className="flex gap-2">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${SELECT} flex-1`}
        >
          <option value="">{t("translation.form.noGlossary")}</option>
          {(glossaries.data ?? []).map((glossary) => (
            <option key={glossary.id} value={glossary.id}>
              {glossary.name} ({glossary.entries.length})
            </option>
          ))}
        </select>
        {action}
      </div>
    </div>
  );
}

/** Hong Kong Chinese written (standard written Chinese) or as spoken (Cantonese). */
export function RegisterChoice({
  name,
  value,
  onChange,
  className = "",
}: {
  name: string;
  value: "written" | "spoken";
  onChange(next: "written" | "spoken"): void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={`space-y-1 ${className}`}>
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
            name={name}
            checked={value === choice}
            onChange={() => onChange(choice)}
            className="size-4 accent-blue-600"
          />
          {t(`translation.form.registers.${choice}`)}
        </label>
      ))}
    </fieldset>
  );
}
