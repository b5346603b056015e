import { hasTextStyles } from "@verbatim/subtitles";
import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import { StyledText } from "../../components/styled-text";
import type { EditorCue } from "./types";

/**
 * How a styled or placed subtitle is shown (its text box shows the plain text): the text in its
 * italics, bold and underline, and where it sits. Nothing for a plain bottom-centre subtitle.
 */
export function StyledPreview({ cue, number }: { cue: EditorCue; number: number }) {
  const { t } = useTranslation();
  const styled = hasTextStyles(cue.text);
  if (!styled && cue.position === undefined && cue.align === undefined) return null;
  const places = [
    cue.position === "top" ? t("editor.styling.shownTop") : null,
    cue.align === "left" ? t("editor.styling.shownLeft") : null,
    cue.align === "right" ? t("editor.styling.shownRight") : null,
  ].filter((place) => place !== null);
  return (
    <p
      aria-label={t("editor.styling.preview", { number })}
      data-testid="cue-preview"
      className={clsx(
        "mt-0.5 rounded bg-zinc-100 px-2 py-0.5 text-[13px] leading-[18px] whitespace-pre-wrap text-zinc-900",
        cue.align === "left" ? "text-left" : cue.align === "right" ? "text-right" : "text-center",
      )}
    >
      {places.length > 0 && (
        <span className="mr-1 rounded bg-zinc-800 px-1 text-xs font-medium text-white">
          {places.join(" · ")}
        </span>
      )}
      <StyledText markup={cue.text} />
    </p>
  );
}
