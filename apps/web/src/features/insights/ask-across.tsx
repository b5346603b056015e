import { MAX_QUESTION_CHARS, MAX_QUESTION_TRANSCRIPTIONS } from "@verbatim/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AnsweredQuestion, TranscriptionSummary } from "../../api/types";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { clock } from "../workspace/media-duration";
import { AnswerText } from "./answer-text";
import { useStreamedAnswer } from "./use-streamed-answer";

/**
 * History's question across transcriptions (POST /api/questions): asked of the completed ones
 * listed (a search narrows them; the first 20), answered as a stream; each citation names its
 * transcription and opens it at that moment.
 */
export function AskAcross({
  items,
}: {
  items: readonly Pick<TranscriptionSummary, "id" | "fileName" | "status">[];
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState("");
  const [answer, setAnswer] = useState<AnsweredQuestion | null>(null);
  const { streaming, error, ask, stop } = useStreamedAnswer();
  const asked = items
    .filter((item) => item.status === "completed")
    .slice(0, MAX_QUESTION_TRANSCRIPTIONS);
  const names = new Map(asked.map((item) => [item.id, item.fileName]));
  if (asked.length < 2) return null;

  const submit = async () => {
    if (!question.trim()) return;
    setAnswer(null);
    await ask({ transcriptionIds: asked.map((item) => item.id) }, question.trim(), setAnswer);
  };

  return (
    <section
      aria-labelledby="ask-across-title"
      className="mb-6 max-w-2xl space-y-3 rounded-xl border border-zinc-200 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="ask-across-title" className="text-sm font-semibold text-zinc-900">
          {t("insights.across.title")}
        </h2>
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t("insights.ask.hide") : t("insights.ask.show")}
        </Button>
      </div>
      {open && (
        <>
          <p className="text-sm text-zinc-600">
            {t("insights.across.which", { count: asked.length })}
          </p>
          <form
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <label htmlFor={fieldId} className="block text-sm text-zinc-800">
              {t("insights.ask.label")}
            </label>
            <textarea
              id={fieldId}
              value={question}
              maxLength={MAX_QUESTION_CHARS}
              rows={2}
              onChange={(event) => setQuestion(event.target.value)}
              className="w-full rounded-md border border-zinc-300 p-2 text-sm"
            />
            <div className="flex gap-2">
              <Button size="sm" type="submit" disabled={streaming !== null || !question.trim()}>
                {streaming !== null ? t("insights.ask.answering") : t("insights.ask.submit")}
              </Button>
              {streaming !== null && (
                <Button size="sm" variant="ghost" onClick={stop}>
                  {t("insights.ask.stop")}
                </Button>
              )}
            </div>
          </form>
          <div aria-live="polite" className="text-sm">
            {streaming !== null && (
              <p className="whitespace-pre-wrap text-zinc-800">{streaming || "…"}</p>
            )}
            {error && (
              <p role="alert" className="text-red-800">
                {error}
              </p>
            )}
            {answer && (
              <AnswerText
                answer={answer}
                citation={(citation) => {
                  const time = clock(citation.start / 1000);
                  const name = names.get(citation.sourceId) ?? "";
                  return (
                    <Link
                      to={`${paths.home}?job=${encodeURIComponent(citation.sourceId)}&at=${citation.start}`}
                      aria-label={t("insights.across.open", { name, time })}
                      className="rounded px-1 text-blue-800 underline hover:bg-blue-50"
                    >
                      {name} {time}
                    </Link>
                  );
                }}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
