import { useRef, useState } from "react";
import { isAborted } from "../../api/client";
import { codeText, errorText } from "../../api/error-text";
import type { AnsweredQuestion } from "../../api/types";
import { askQuestion } from "./api";

/**
 * A question being answered: the text streamed so far (null when none is under way), the
 * failure in the user's language, and `ask`, which hands the checked answer to `onAnswer`.
 */
export function useStreamedAnswer() {
  const [streaming, setStreaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stop = useRef<AbortController | null>(null);

  const ask = async (
    target: Parameters<typeof askQuestion>[0],
    question: string,
    onAnswer: (answer: AnsweredQuestion) => void,
  ) => {
    const controller = new AbortController();
    stop.current = controller;
    setError(null);
    setStreaming("");
    try {
      for await (const line of askQuestion(target, question, controller.signal)) {
        if (line.type === "delta") setStreaming((text) => (text ?? "") + line.text);
        else if (line.type === "answer") onAnswer(line.answer);
        else setError(codeText(line.code) ?? line.message);
      }
    } catch (failure) {
      if (!isAborted(failure)) setError(errorText(failure));
    } finally {
      stop.current = null;
      setStreaming(null);
    }
  };
  return { streaming, error, ask, stop: () => stop.current?.abort() };
}
