import { useTranslation } from "react-i18next";
import type { CitedText } from "../../api/types";
import { CitationLink } from "./citation-link";

/**
 * A statement with its citations as time links; one whose citations all failed the checks is
 * marked "no source found" (never shown as sourced).
 */
export function CitedStatement({
  statement,
  onSeek,
}: {
  statement: CitedText;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {statement.text}{" "}
      {statement.unverified ? (
        <span className="rounded bg-amber-100 px-1 text-xs font-medium text-amber-950">
          {t("insights.unverified")}
        </span>
      ) : (
        statement.citations.map((citation) => (
          <CitationLink
            key={`${citation.sourceId}-${citation.cue}`}
            citation={citation}
            onSeek={onSeek}
          />
        ))
      )}
    </>
  );
}
