import { useTranslation } from "react-i18next";
import type { AnsweredQuestion } from "../../api/types";
import { CitationLink } from "./citation-link";

/**
 * A checked answer: its text with each citation a time link, citations that did not hold marked
 * "no source found", and "not in the transcript" said plainly.
 */
export function AnswerText({
  answer,
  onSeek,
}: {
  answer: Pick<AnsweredQuestion, "parts" | "notInTranscript">;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation();
  if (answer.notInTranscript && answer.parts.every((part) => !("citation" in part))) {
    return <p className="text-zinc-700">{t("insights.ask.notInTranscript")}</p>;
  }
  return (
    <p className="whitespace-pre-wrap text-zinc-800">
      {answer.parts.map((part, i) =>
        "citation" in part ? (
          <CitationLink key={i} citation={part.citation} onSeek={onSeek} />
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
