import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import type { Subtitle, TranslationTrack } from "../../api/types";
import { StyledText } from "../../components/styled-text";
import { Button } from "../../components/ui/button";
import { timeMs } from "../editor/cue-operations";
import { editTranslation, isTranslating, translationKeys } from "./api";
import { trackName } from "./language-names";
import { afterSave, loadPendingEdits, storePendingEdits, type PendingEdits } from "./pending-edits";

/** Edits are sent this long after the last keystroke (and at once when a field is left). */
export const TRANSLATION_SAVE_DELAY_MS = 800;

type SaveState = "saved" | "saving" | "unsaved" | "failed";

/** The DOM id of a translated cue's field. */
export const translatedCueId = (language: string, index: number) =>
  `translated-${language}-${index}`;

/**
 * A translation track beside its original, cue by cue, following the player: each translated
 * cue is edited in place (saved to the server shortly after typing, and kept in this browser
 * until it is), flagged cues are marked with why, and "previous / next flagged" go between them.
 */
export function BilingualView({
  transcriptionId,
  originals,
  track,
  playheadMs,
  readOnly,
  onSeek,
}: {
  transcriptionId: string;
  /** The transcription's saved subtitles (the cues the track translates). */
  originals: readonly Subtitle[];
  track: TranslationTrack;
  playheadMs: number;
  readOnly: boolean;
  onSeek(ms: number): void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { language } = track;
  const editable = !readOnly && track.status === "completed";
  const [pending, setPending] = useState<PendingEdits>(() =>
    loadPendingEdits(transcriptionId, language),
  );
  const [state, setState] = useState<SaveState>(() =>
    Object.keys(pending).length > 0 ? "unsaved" : "saved",
  );
  const [failure, setFailure] = useState<unknown>(null);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);

  const byIndex = useMemo(() => new Map(track.cues.map((cue) => [cue.index, cue])), [track.cues]);
  const flagged = useMemo(
    () => originals.filter((cue) => (byIndex.get(cue.id)?.flags.length ?? 0) > 0).map((c) => c.id),
    [originals, byIndex],
  );
  const current = originals.find((cue) => {
    const [start, end] = [timeMs(cue.startTime), timeMs(cue.endTime)];
    return start !== null && end !== null && playheadMs >= start && playheadMs < end;
  })?.id;

  const save = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const sent = pendingRef.current;
    if (inFlight.current || Object.keys(sent).length === 0) return;
    inFlight.current = true;
    setState("saving");
    try {
      const saved = await editTranslation(transcriptionId, language, {
        cues: Object.entries(sent).map(([index, text]) => ({ index: Number(index), text })),
      });
      client.setQueryData<TranslationTrack[]>(translationKeys.tracks(transcriptionId), (list) =>
        list?.map((item) => (item.language === language ? saved : item)),
      );
      const left = afterSave(pendingRef.current, sent);
      pendingRef.current = left;
      setPending(left);
      storePendingEdits(transcriptionId, language, left);
      setFailure(null);
      setState(Object.keys(left).length > 0 ? "unsaved" : "saved");
    } catch (error) {
      setFailure(error);
      setState("failed");
    } finally {
      inFlight.current = false;
    }
  }, [client, language, transcriptionId]);

  // Edits left from an earlier visit (a reload, a lost connection) are sent once the track is.
  useEffect(() => {
    if (editable && Object.keys(pendingRef.current).length > 0) void save();
  }, [editable, save]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Undo: each cue's text before its latest run of typing (a run ends when the field is left).
  const [undoStack, setUndoStack] = useState<{ index: number; text: string }[]>([]);
  const typingIn = useRef<number | null>(null);
  const textOf = (index: number) => pendingRef.current[index] ?? byIndex.get(index)?.text ?? "";
  const type = (index: number, text: string) => {
    if (typingIn.current !== index) {
      typingIn.current = index;
      setUndoStack((stack) => [...stack, { index, text: textOf(index) }]);
    }
    edit(index, text);
  };
  const undo = () => {
    const last = undoStack.at(-1);
    if (!last) return;
    typingIn.current = null;
    setUndoStack((stack) => stack.slice(0, -1));
    edit(last.index, last.text);
    document.getElementById(translatedCueId(language, last.index))?.focus();
  };

  const edit = (index: number, text: string) => {
    const next = { ...pendingRef.current, [index]: text };
    pendingRef.current = next;
    setPending(next);
    storePendingEdits(transcriptionId, language, next);
    setState("unsaved");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), TRANSLATION_SAVE_DELAY_MS);
  };

  const goToFlagged = (direction: 1 | -1) => {
    if (flagged.length === 0) return;
    const from = current ?? (direction > 0 ? 0 : Infinity);
    const target =
      direction > 0
        ? (flagged.find((index) => index > from) ?? flagged[0]!)
        : (flagged.findLast((index) => index < from) ?? flagged[flagged.length - 1]!);
    const cue = originals.find((item) => item.id === target);
    const start = cue ? timeMs(cue.startTime) : null;
    if (start !== null) onSeek(start);
    const field = document.getElementById(translatedCueId(language, target));
    if (field) {
      if (typeof field.scrollIntoView === "function") field.scrollIntoView({ block: "center" });
      field.focus();
    }
  };

  const name = trackName(language, i18n.language);
  return (
    <section aria-labelledby="bilingual-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="bilingual-title" className="text-base font-semibold text-zinc-900">
          {t("translation.view.title", { language: name })}
        </h2>
        <p className="text-sm text-zinc-700" role="status" aria-live="polite">
          {isTranslating(track)
            ? t("translation.status.running", { progress: track.progress })
            : t(`translation.view.state.${state}`)}
        </p>
      </div>
      {state === "failed" && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
          <span>{errorText(failure)}</span>
          <Button size="sm" variant="outline" onClick={() => void save()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-zinc-700">
          {t("translation.view.flaggedCount", { count: flagged.length })}
        </span>
        <Button
          size="sm"
          variant="outline"
          disabled={flagged.length === 0}
          onClick={() => goToFlagged(-1)}
        >
          {t("translation.view.previousFlagged")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={flagged.length === 0}
          onClick={() => goToFlagged(1)}
        >
          {t("translation.view.nextFlagged")}
        </Button>
        {editable && (
          <Button size="sm" variant="outline" disabled={undoStack.length === 0} onClick={undo}>
            {t("translation.view.undo")}
          </Button>
        )}
      </div>
      <ol className="space-y-2" aria-label={t("translation.view.cues", { language: name })}>
        {originals.map((cue) => {
          const translated = byIndex.get(cue.id);
          const text = pending[cue.id] ?? translated?.text ?? "";
          const flags = pending[cue.id] === undefined ? (translated?.flags ?? []) : [];
          const isCurrent = cue.id === current;
          const fieldId = translatedCueId(language, cue.id);
          return (
            <li
              key={cue.id}
              data-cue={cue.id}
              aria-current={isCurrent ? "true" : undefined}
              className={`grid gap-2 rounded-lg border p-2 sm:grid-cols-2 ${
                isCurrent ? "border-blue-500 bg-blue-50" : "border-zinc-200"
              } ${flags.length > 0 ? "border-l-4 border-l-amber-500" : ""}`}
            >
              <div className="min-w-0">
                <button
                  type="button"
                  onClick={() => {
                    const start = timeMs(cue.startTime);
                    if (start !== null) onSeek(start);
                  }}
                  className="tap-target text-xs text-zinc-600 tabular-nums underline-offset-2 hover:underline"
                  aria-label={t("translation.view.playFrom", { number: cue.id })}
                >
                  #{cue.id} {cue.startTime} → {cue.endTime}
                </button>
                <p className="text-sm whitespace-pre-wrap text-zinc-900">
                  <StyledText markup={cue.text} />
                </p>
              </div>
              <div className="min-w-0">
                <label htmlFor={fieldId} className="sr-only">
                  {t("translation.view.field", { number: cue.id, language: name })}
                </label>
                <textarea
                  id={fieldId}
                  lang={language}
                  value={text}
                  readOnly={!editable}
                  rows={Math.max(2, text.split("\n").length)}
                  onChange={(event) => type(cue.id, event.target.value)}
                  onBlur={() => {
                    typingIn.current = null;
                    void save();
                  }}
                  aria-describedby={flags.length > 0 ? `${fieldId}-flags` : undefined}
                  className="w-full rounded-md border border-zinc-300 px-2 py-1 text-sm read-only:bg-zinc-50"
                />
                {flags.length > 0 && (
                  <p id={`${fieldId}-flags`} className="text-xs font-medium text-amber-900">
                    {flags.map((flag) => t(`translation.flags.${flag}`)).join(" · ")}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
