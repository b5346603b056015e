import { useTranslation } from "react-i18next";
import type { TranscriptionSummary } from "../../api/types";

/** A History row's short summary (its insights'), two lines at most; nothing when it has none. */
export function SummaryLine({
  item,
  className = "",
}: {
  item: Pick<TranscriptionSummary, "shortSummary">;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!item.shortSummary) return null;
  return (
    <span
      className={`line-clamp-2 text-sm font-normal whitespace-normal text-zinc-700 ${className}`}
    >
      <span className="sr-only">{t("insights.history.summaryLabel")}: </span>
      {item.shortSummary}
    </span>
  );
}
