import { canonicalLanguageTag, TRANSLATION_LANGUAGES } from "@verbatim/contract";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { interfaceLanguage } from "./language-names";

/**
 * The languages a translation may be asked in, searchable by either interface language's name
 * or by code; any other BCP-47 code typed in the search is offered as itself (the API takes
 * any). Radios in a scrolling group: arrow keys move between them.
 */
export function LanguagePicker({
  value,
  onChange,
  exclude = [],
}: {
  value: string | null;
  onChange(code: string): void;
  /** Codes not offered (the languages under way). */
  exclude?: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState("");
  const id = useId();
  const shown = useMemo(() => matchingLanguages(query, exclude), [query, exclude]);
  // A code as people write one (a 2- or 3-letter language, then subtags): BCP-47 also allows
  // 5 to 8 letters alone, which would offer every word typed in the search as a "language".
  const typed = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(query.trim())
    ? canonicalLanguageTag(query.trim())
    : null;
  const other =
    typed && !TRANSLATION_LANGUAGES.some((item) => item.code === typed) && !exclude.includes(typed)
      ? typed
      : null;
  const language = interfaceLanguage(i18n.language);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-900">
        {t("translation.form.language")}
      </legend>
      <label htmlFor={`${id}-search`} className="block text-sm text-zinc-700">
        {t("translation.form.search")}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="h-10 w-full rounded-md border border-zinc-300 px-3 text-sm"
        autoComplete="off"
      />
      <div className="max-h-48 space-y-0.5 overflow-y-auto rounded-md border border-zinc-200 p-1">
        {shown.map((item) => (
          <Choice
            key={item.code}
            name={id}
            code={item.code}
            label={item.names[language]}
            checked={value === item.code}
            onChange={onChange}
          />
        ))}
        {other && (
          <Choice
            name={id}
            code={other}
            label={t("translation.form.otherCode", { code: other })}
            checked={value === other}
            onChange={onChange}
          />
        )}
        {shown.length === 0 && !other && (
          <p className="px-2 py-1 text-sm text-zinc-600">{t("translation.form.noMatch")}</p>
        )}
      </div>
    </fieldset>
  );
}

function Choice({
  name,
  code,
  label,
  checked,
  onChange,
}: {
  name: string;
  code: string;
  label: string;
  checked: boolean;
  onChange(code: string): void;
}) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-2 text-sm text-zinc-900 has-[:checked]:bg-blue-50 max-sm:min-h-11">
      <input
        type="radio"
        name={name}
        value={code}
        checked={checked}
        onChange={() => onChange(code)}
        className="size-4 accent-blue-600"
      />
      <span className="min-w-0 flex-1">{label}</span>
      <span className="text-xs text-zinc-600">{code}</span>
    </label>
  );
}

/** The offered languages whose code or either name holds the query (case-insensitive). */
export function matchingLanguages(query: string, exclude: readonly string[] = []) {
  const wanted = query.trim().toLowerCase();
  return TRANSLATION_LANGUAGES.filter(
    (item) =>
      !exclude.includes(item.code) &&
      (wanted === "" ||
        item.code.toLowerCase().includes(wanted) ||
        Object.values(item.names).some((name) => name.toLowerCase().includes(wanted))),
  );
}
