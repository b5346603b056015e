import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AnsweredQuestion, Citation } from "../../api/types";

/**
 * A checked answer: its text with each citation drawn by `citation` (a time link), citations that did not hold marked
 * "no source found", and "not in the transcript" said plainly.
 */
export function AnswerText({
  answer,
  citation,
}: {
  answer: Pick<AnsweredQuestion, "parts" | "notInTranscript">;
  citation(citation: Citation): ReactNode;
}) {
  const { t } = useTranslation();
  if (answer.notInTranscript && answer.parts.every((part) => !("citation" in part))) {
    return <p className="text-zinc-700">{t("insights.ask.notInTranscript")}</p>;
  }
  return (
    <p className="whitespace-pre-wrap text-zinc-800">
      {answer.parts.map((part, i) =>
        "citation" in part ? (
          <span key={i}>{citation(part.citation)}</span>
        ) : "unverified" in part ? (
          <span key={i} className="rounded bg-amber-100 px-1 text-xs font-medium text-amber-950">
            {t("insights.unverified")}
          </span>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
