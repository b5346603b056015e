import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { countMatches, matchingCues } from "./find-replace";
import type { EditorCue } from "./types";

/**
 * The inline find-and-replace panel: live count of matches, next and previous (Enter and
 * Shift+Enter, or F3 and Shift+F3 anywhere in the editor) which select and show the subtitle,
 * replace in the selected subtitle then go on, and replace all in one undo step.
 */
export function FindReplacePanel({
  cues,
  found,
  onFind,
  onReplaceOne,
  onReplaceAll,
  onClose,
  findOnly = false,
}: {
  cues: readonly EditorCue[];
  /** The list position of the subtitle find has selected, or -1. */
  found: number;
  onFind(query: string, caseSensitive: boolean, direction: 1 | -1): void;
  onReplaceOne(query: string, replacement: string, caseSensitive: boolean): void;
  onReplaceAll(query: string, replacement: string, caseSensitive: boolean): number;
  onClose(): void;
  /** Read-only subtitles (a team's viewer): find, next and previous, without replacing. */
  findOnly?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const [replacement, setReplacement] = useState("");
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [replaced, setReplaced] = useState<number | null>(null);
  const count = countMatches(cues, query, { caseSensitive });
  const matching = matchingCues(cues, query, { caseSensitive });
  const position = matching.indexOf(found);

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
            if (event.key === "Enter") {
              event.preventDefault();
              onFind(query, caseSensitive, event.shiftKey ? -1 : 1);
            }
          }}
        />
      </div>
      {findOnly ? (
        <div aria-hidden="true" />
      ) : (
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
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={count === 0}
          aria-label={t("editor.find.previous")}
          title="Shift+F3"
          onClick={() => onFind(query, caseSensitive, -1)}
        >
          ↑
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={count === 0}
          aria-label={t("editor.find.next")}
          title="F3"
          onClick={() => onFind(query, caseSensitive, 1)}
        >
          ↓
        </Button>
        {!findOnly && (
          <>
            <Button
              variant="outline"
              disabled={count === 0}
              onClick={() => {
                setReplaced(null);
                onReplaceOne(query, replacement, caseSensitive);
              }}
            >
              {t("editor.find.replaceOne")}
            </Button>
            <Button
              variant="secondary"
              disabled={count === 0}
              onClick={() => setReplaced(onReplaceAll(query, replacement, caseSensitive))}
            >
              {t("editor.find.replaceAll")}
            </Button>
          </>
        )}
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
            : query === ""
              ? ""
              : position >= 0
                ? t("editor.find.position", {
                    number: found + 1,
                    index: position + 1,
                    total: matching.length,
                  })
                : t("editor.find.count", { count })}
        </p>
      </div>
    </section>
  );
}
