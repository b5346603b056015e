import { useTranslation } from "react-i18next";
import type { Citation } from "../../api/types";
import { clock } from "../workspace/media-duration";

/** A citation as a time link: a click plays the cited cue's moment. */
export function CitationLink({
  citation,
  onSeek,
}: {
  citation: Pick<Citation, "start">;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation();
  const time = clock(citation.start / 1000);
  return (
    <button
      type="button"
      onClick={() => onSeek(citation.start)}
      aria-label={t("insights.playFrom", { time })}
      className="tap-target rounded px-1 text-sm text-blue-800 tabular-nums underline hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      {time}
    </button>
  );
}
