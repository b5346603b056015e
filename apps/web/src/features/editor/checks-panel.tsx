import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../api/call";
import { errorText } from "../../api/error-text";
import type { CheckIssueItem, ChecksResponse } from "../../api/types";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { applyCheckFixes } from "./check-fixes";
import type { EditorCue } from "./types";

/** Where this browser keeps the user's own words, which spelling accepts. */
const OWN_WORDS_KEY = "verbatim.spelling-words";

function ownWords(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(OWN_WORDS_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((w): w is string => typeof w === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The quality checks (GET /api/transcriptions/{id}/checks): saves the subtitles first (the server
 * checks what it holds), lists every finding with a jump to its subtitle, and "Fix what can be
 * fixed" applies the server's fixes as one undoable edit.
 */
export function ChecksPanel({
  transcriptionId,
  cues,
  readOnly,
  onSave,
  onJump,
  onApply,
}: {
  transcriptionId: string;
  cues: readonly EditorCue[];
  readOnly: boolean;
  /** Saves the editor's subtitles; false when they could not be saved. */
  onSave(): Promise<boolean>;
  /** Goes to the subtitle at a list position. */
  onJump(index: number): void;
  /** Replaces the cues (one undoable step). */
  onApply(cues: EditorCue[]): void;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<ChecksResponse | null>(null);
  const [checking, setChecking] = useState(false);
  const [stale, setStale] = useState(false);

  const run = async () => {
    setChecking(true);
    try {
      if (!readOnly && !(await onSave())) return;
      const words = ownWords();
      const query = words.length > 0 ? { words: words.join(",") } : {};
      setResult(await call("checkTranscription", { params: { id: transcriptionId }, query }));
      setStale(false);
    } catch (error) {
      toast({ title: errorText(error), variant: "destructive" });
    } finally {
      setChecking(false);
    }
  };

  const fixable = result?.issues.filter((issue) => issue.fix) ?? [];
  const fixAll = () => {
    if (!result) return;
    const { cues: fixed, count } = applyCheckFixes(cues, result.issues);
    onApply(fixed);
    setStale(true);
    toast({ title: t("editor.checks.fixed", { count }), variant: "success" });
  };
  const addWord = (word: string) => {
    const words = [...new Set([...ownWords(), word])];
    localStorage.setItem(OWN_WORDS_KEY, JSON.stringify(words));
    void run();
  };

  return (
    <section aria-labelledby="checks-title" className="rounded-xl border border-zinc-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checks-title" className="text-sm font-semibold text-zinc-900">
          {t("editor.checks.title")}
          {result && !stale ? ` (${result.issues.length})` : ""}
        </h2>
        <Button size="sm" variant="outline" disabled={checking} onClick={() => void run()}>
          {checking
            ? t("editor.checks.checking")
            : result
              ? t("editor.checks.again")
              : t("editor.checks.run")}
        </Button>
      </div>
      {result && stale && (
        <p className="mt-2 text-sm text-zinc-700" role="status">
          {t("editor.checks.stale")}
        </p>
      )}
      {result && !stale && result.issues.length === 0 && (
        <p className="mt-2 text-sm text-green-800" role="status">
          {t("editor.checks.none")}
        </p>
      )}
      {result && !stale && result.issues.length > 0 && (
        <>
          {!readOnly && fixable.length > 0 && (
            <Button size="sm" className="mt-2" onClick={fixAll}>
              {t("editor.checks.fixAll", { count: fixable.length })}
            </Button>
          )}
          <ul
            aria-label={t("editor.checks.title")}
            className="mt-2 max-h-80 space-y-1 overflow-y-auto"
          >
            {result.issues.map((issue, i) => (
              <li key={i} className="flex items-start gap-2 text-sm">
                <button
                  type="button"
                  onClick={() => onJump(issue.subtitle - 1)}
                  className="min-w-0 flex-1 rounded px-1 py-0.5 text-left text-zinc-800 hover:bg-zinc-100 max-sm:min-h-11"
                >
                  <span className="font-semibold tabular-nums">#{issue.subtitle}</span>{" "}
                  {issueText(t, issue)}
                </button>
                {issue.kind === "spelling" && issue.word && !readOnly && (
                  <button
                    type="button"
                    onClick={() => addWord(issue.word!)}
                    className="shrink-0 rounded px-1 py-0.5 text-xs text-blue-800 underline max-sm:min-h-11"
                  >
                    {t("editor.checks.addWord")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A finding in the user's language, with what to change. */
function issueText(
  t: (key: string, values?: Record<string, unknown>) => string,
  issue: CheckIssueItem,
) {
  const values = {
    line: issue.line,
    word: issue.word,
    actual: issue.actual,
    limit: issue.limit,
    suggestions: issue.suggestions?.join(", ") || "—",
  };
  return t(`editor.checks.kind.${issue.kind}`, values);
}
