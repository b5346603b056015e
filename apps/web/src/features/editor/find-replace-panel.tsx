import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { countMatches } from "./find-replace";
import type { EditorCue } from "./types";

/** The inline find-and-replace panel: live count of matches, replace all in one undo step. */
export function FindReplacePanel({
  cues,
  onReplaceAll,
  onClose,
}: {
  cues: readonly EditorCue[];
  onReplaceAll(query: string, replacement: string, caseSensitive: boolean): number;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const [replacement, setReplacement] = useState("");
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [replaced, setReplaced] = useState<number | null>(null);
  const count = countMatches(cues, query, { caseSensitive });

  return (
    <section
      aria-label={t("editor.find.open")}
      className="grid gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-find`} className="block text-sm font-medium text-zinc-800">
          {t("editor.find.find")}
        </label>
        <Input
          id={`${id}-find`}
          value={query}
          autoFocus
          onChange={(event) => {
            setQuery(event.target.value);
            setReplaced(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") onClose();
          }}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-replace`} className="block text-sm font-medium text-zinc-800">
          {t("editor.find.replace")}
        </label>
        <Input
          id={`${id}-replace`}
          value={replacement}
          onChange={(event) => setReplacement(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          disabled={count === 0}
          onClick={() => setReplaced(onReplaceAll(query, replacement, caseSensitive))}
        >
          {t("editor.find.replaceAll")}
        </Button>
        <Button variant="ghost" aria-label={t("editor.find.close")} onClick={onClose}>
          ×
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm text-zinc-800 sm:col-span-3">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={caseSensitive}
            onChange={(event) => setCaseSensitive(event.target.checked)}
            className="size-4 accent-blue-600"
          />
          {t("editor.find.caseSensitive")}
        </label>
        <p role="status" aria-live="polite">
          {replaced !== null
            ? t("editor.find.replaced", { count: replaced })
            : query !== ""
              ? t("editor.find.count", { count })
              : ""}
        </p>
      </div>
    </section>
  );
}
