import { styledRuns, type CueAlign, type TextStyle } from "@verbatim/subtitles";
import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import type { EditorCue } from "./types";

const STYLE_BUTTONS: readonly { style: TextStyle; letter: string; keys: string; look: string }[] = [
  { style: "italic", letter: "I", keys: "Ctrl+I", look: "italic" },
  { style: "bold", letter: "B", keys: "Ctrl+B", look: "font-bold" },
  { style: "underline", letter: "U", keys: "Ctrl+U", look: "underline" },
];

/**
 * Italics, bold, underline and the place of the selected subtitle (docs/broadcast.md,
 * "Styling"): a style applies to the text selected in the subtitle's text box, or to the whole
 * subtitle; a button shows pressed when the whole subtitle has it. The buttons keep the text
 * box's focus and selection (they act on what is selected there). Each change is one undo step.
 */
export function StyleControls({
  cue,
  number,
  onStyle,
  onPosition,
  onAlign,
}: {
  /** The subtitle the controls act on; none selected disables them. */
  cue: EditorCue | undefined;
  number: number;
  onStyle(style: TextStyle): void;
  onPosition(top: boolean): void;
  onAlign(align: CueAlign): void;
}) {
  const { t } = useTranslation();
  const runs = cue ? styledRuns(cue.text) : [];
  const whole = (style: TextStyle) =>
    runs.length > 0 && runs.every((run) => run[style] || run.text.trim() === "");
  const top = cue?.position === "top";
  const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();
  const toggle =
    "h-8 min-w-8 rounded px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40";
  return (
    <div
      role="group"
      aria-label={cue ? t("editor.styling.label", { number }) : t("editor.styling.none")}
      className="inline-flex flex-wrap items-center gap-1 rounded-md border border-zinc-300 p-0.5"
    >
      {STYLE_BUTTONS.map(({ style, letter, keys, look }) => (
        <button
          key={style}
          type="button"
          disabled={!cue}
          aria-pressed={whole(style)}
          aria-label={t(`editor.styling.${style}`)}
          title={`${t(`editor.styling.${style}`)} (${keys})`}
          onMouseDown={keepFocus}
          onClick={() => onStyle(style)}
          className={clsx(
            toggle,
            look,
            whole(style) ? "bg-zinc-900 text-white" : "text-zinc-800 hover:bg-zinc-100",
          )}
        >
          {letter}
        </button>
      ))}
      <button
        type="button"
        disabled={!cue}
        aria-pressed={top}
        title={`${t("editor.styling.top")} (Alt+T)`}
        onMouseDown={keepFocus}
        onClick={() => onPosition(!top)}
        className={clsx(
          toggle,
          "font-medium",
          top ? "bg-zinc-900 text-white" : "text-zinc-800 hover:bg-zinc-100",
        )}
      >
        {t("editor.styling.top")}
      </button>
      <label className="sr-only" htmlFor="cue-align">
        {t("editor.styling.align")}
      </label>
      <select
        id="cue-align"
        disabled={!cue}
        value={cue?.align ?? "center"}
        onChange={(event) => onAlign(event.target.value as CueAlign)}
        className="h-8 rounded border-0 bg-transparent px-1 text-sm text-zinc-800 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40"
      >
        {(["left", "center", "right"] as const).map((align) => (
          <option key={align} value={align}>
            {t(`editor.styling.aligns.${align}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
