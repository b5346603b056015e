import { MAX_QUESTION_CHARS } from "@verbatim/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import type { AnsweredQuestion } from "../../api/types";
import { Button } from "../../components/ui/button";
import { useKeepAnswer, useQuestions } from "./api";
import { useStreamedAnswer } from "./use-streamed-answer";
import { AnswerText } from "./answer-text";
import { CitationLink } from "./citation-link";

/**
 * Questions about the recording (docs/insights.md): the answer streams as it is written, then
 * shows with its citations as time links; the questions asked before are listed under it.
 */
export function AskPanel({
  transcriptionId,
  onSeek,
}: {
  transcriptionId: string;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState("");
  const { streaming, error, ask: send, stop } = useStreamedAnswer();
  const kept = useQuestions(transcriptionId, open);
  const keep = useKeepAnswer(transcriptionId);

  const ask = async () => {
    const asked = question.trim();
    if (!asked) return;
    await send({ transcriptionId }, asked, (answer) => {
      keep(answer);
      setQuestion("");
    });
  };

  return (
    <section
      aria-labelledby="ask-title"
      className="space-y-3 rounded-xl border border-zinc-200 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="ask-title" className="text-sm font-semibold text-zinc-900">
          {t("insights.ask.title")}
        </h2>
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t("insights.ask.hide") : t("insights.ask.show")}
        </Button>
      </div>
      {open && (
        <>
          <form
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              void ask();
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
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) {
                  event.preventDefault();
                  void ask();
                }
              }}
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
          <div aria-live="polite" className="text-sm text-zinc-800">
            {streaming !== null && <p className="whitespace-pre-wrap">{streaming || "…"}</p>}
            {error && (
              <p role="alert" className="text-red-800">
                {error}
              </p>
            )}
          </div>
          {kept.isError && (
            <p role="alert" className="text-sm text-red-800">
              {errorText(kept.error)}
            </p>
          )}
          {kept.data && kept.data.length > 0 && (
            <ol
              aria-label={t("insights.ask.history")}
              className="max-h-96 space-y-3 overflow-y-auto"
            >
              {kept.data.map((answered) => (
                <AnsweredItem key={answered.id} answered={answered} onSeek={onSeek} />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

function AnsweredItem({
  answered,
  onSeek,
}: {
  answered: AnsweredQuestion;
  onSeek(ms: number): void;
}) {
  return (
    <li className="space-y-1 text-sm">
      <p className="font-medium text-zinc-900">{answered.question}</p>
      <AnswerText
        answer={answered}
        citation={(citation) => <CitationLink citation={citation} onSeek={onSeek} />}
      />
    </li>
  );
}
