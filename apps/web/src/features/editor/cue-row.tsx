import type { StyleName } from "@verbatim/subtitles";
import { clsx } from "clsx";
import { memo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { readingWarnings, timeProblem } from "./cue-checks";
import { EditorIcon, type EditorIconName } from "./icons";
import { TimeInput } from "./time-input";
import type { EditorCue, TimeField } from "./types";

export interface CueRowHandlers {
  editText(key: number, text: string): void;
  editTime(index: number, field: TimeField, value: string): void;
  split(index: number, caret: number | null): void;
  mergeNext(index: number): void;
  insertAfter(index: number): void;
  remove(index: number): void;
  seek(index: number): void;
  select(index: number): void;
}

/**
 * One subtitle: number (click to seek), times, text, warnings and actions. Every keystroke goes
 * straight to the editor's store (one history for text and structure; typing is grouped into
 * undo steps there), so nothing typed waits in the row where a reload could lose it.
 */
export const CueRow = memo(function CueRow({
  cue,
  index,
  isLast,
  current,
  overlaps,
  language,
  style,
  handlers,
}: {
  cue: EditorCue;
  index: number;
  isLast: boolean;
  current: boolean;
  /** Whether it starts before the cue above it ends. */
  overlaps: boolean;
  language: string | null;
  style?: StyleName;
  handlers: CueRowHandlers;
}) {
  const { t } = useTranslation();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const number = index + 1;
  const id = `cue-${cue.key}`;
  const warnings = readingWarnings(cue, language, style);
  const select = () => handlers.select(index);

  const action = (name: EditorIconName, label: string, run: () => void, disabled = false) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={run}
      className="inline-flex size-8 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40"
    >
      <EditorIcon name={name} />
    </button>
  );

  return (
    <li
      data-cue-index={index}
      aria-current={current ? "true" : undefined}
      className={clsx(
        "grid gap-2 border-b border-zinc-200 p-3 last:border-b-0",
        current ? "bg-blue-50" : "bg-white",
        overlaps && "border-l-4 border-l-red-600",
      )}
    >
      <div className="flex flex-wrap items-start gap-2">
        <button
          type="button"
          onClick={() => handlers.seek(index)}
          aria-label={t("editor.list.number", { number, time: cue.start })}
          className={clsx(
            "h-9 min-w-9 rounded-md px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-blue-600",
            current ? "bg-blue-700 text-white" : "bg-zinc-100 text-zinc-800 hover:bg-zinc-200",
          )}
        >
          {number}
        </button>
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-2 sm:max-w-xs">
          {(["start", "end"] as const).map((field) => (
            <TimeInput
              key={field}
              id={`${id}-${field}`}
              label={t(`editor.list.${field}`, { number })}
              value={cue[field]}
              problem={timeProblem(cue, field)}
              onChange={(value) => handlers.editTime(index, field, value)}
              onFocus={select}
            />
          ))}
        </div>
        <div className="ml-auto flex gap-0.5">
          {action("split", t("editor.list.split", { number }), () =>
            handlers.split(index, textRef.current?.selectionStart ?? null),
          )}
          {action(
            "merge",
            t("editor.list.merge", { number }),
            () => handlers.mergeNext(index),
            isLast,
          )}
          {action("insert", t("editor.list.insert", { number }), () => handlers.insertAfter(index))}
          {action("delete", t("editor.list.delete", { number }), () => handlers.remove(index))}
        </div>
      </div>
      <label htmlFor={`${id}-text`} className="sr-only">
        {t("editor.list.text", { number })}
      </label>
      <textarea
        id={`${id}-text`}
        ref={textRef}
        value={cue.text}
        rows={2}
        onChange={(event) => handlers.editText(cue.key, event.target.value)}
        onFocus={select}
        className="w-full resize-y rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
      />
      {overlaps && (
        <p className="text-xs font-medium text-red-700" id={`${id}-overlap`}>
          {t("editor.list.overlaps", { number, previous: number - 1 })}
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("editor.list.warnings", { number })}>
          {warnings.map((code) => (
            <li
              key={code}
              className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
            >
              {t(`editor.warnings.${code}`)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});
