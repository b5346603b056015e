import { useTranslation } from "react-i18next";
import { normalizePlainText } from "./plain-text";
import { useDebouncedDraft, type FlushRegistry } from "./use-debounced-draft";

/** The plain view: one text area, a blank line between subtitles. */
export function PlainView({
  text,
  registry,
  speakers = false,
  onCommit,
}: {
  text: string;
  registry: FlushRegistry;
  /** Whether the text has "Name:" speaker lines (then the hint says how they work). */
  speakers?: boolean;
  onCommit(text: string): void;
}) {
  const { t } = useTranslation();
  const { draft, change, flush } = useDebouncedDraft(
    text,
    onCommit,
    registry,
    (draft, value) => normalizePlainText(draft) === value,
  );
  return (
    <div className="space-y-2">
      <label htmlFor="editor-plain" className="block text-sm font-medium text-zinc-800">
        {t("editor.plain.label")}
      </label>
      <textarea
        id="editor-plain"
        value={draft}
        onChange={(event) => change(event.target.value)}
        onBlur={flush}
        aria-describedby="editor-plain-hint"
        className="h-[400px] w-full resize-y rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
      />
      <p id="editor-plain-hint" className="text-sm text-zinc-600">
        {t("editor.plain.hint")}
        {speakers && <> {t("editor.speakers.plainHint")}</>}
      </p>
    </div>
  );
}
