import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, ApiError } from "../../api/client";
import { toast } from "../../components/ui/toast-store";
import { firstTimeProblem } from "./cue-checks";
import { toSubtitles } from "./cue-operations";
import type { EditorStore } from "./editor-history";
import type { Subtitle } from "./types";

/** Unsaved edits go to the server this long after the last one, when all times are valid. */
export const AUTOSAVE_DELAY_MS = 2000;

export type SaveStatus = "saved" | "saving" | "unsaved" | "invalid" | "failed";

/**
 * Saving the cues with PATCH /api/transcriptions/:id: by hand (toast on success, or a toast
 * naming the first bad time instead of sending), and automatically 2 s after the last edit.
 */
export function useSave(id: string, store: EditorStore, revision: number, flush: () => void) {
  const { t } = useTranslation();
  const savedRevision = useRef(0);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const [failed, setFailed] = useState(false);

  const send = useCallback(async (): Promise<Subtitle[] | null> => {
    const { cues, revision: at } = store.get();
    const subtitles = toSubtitles(cues);
    setSaving(true);
    inFlight.current = true;
    try {
      await api(`/api/transcriptions/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body: { subtitles },
      });
      savedRevision.current = Math.max(savedRevision.current, at);
      setFailed(false);
      return subtitles;
    } catch (error) {
      setFailed(true);
      throw error;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [id, store]);

  /** Saves now; returns the saved subtitles, or null (with a toast saying why) when it did not. */
  const save = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}): Promise<Subtitle[] | null> => {
      flush();
      const problem = firstTimeProblem(store.get().cues);
      if (problem) {
        const number = problem.index + 1;
        toast({
          title: t("editor.toast.invalidTitle"),
          description:
            problem.problem === "order"
              ? t("editor.toast.invalidOrder", { number })
              : t("editor.toast.invalidFormat", {
                  number,
                  field: t(`editor.toast.field_${problem.field}`),
                }),
          variant: "destructive",
        });
        return null;
      }
      try {
        const saved = await send();
        if (!quiet) toast({ title: t("editor.toast.saved"), variant: "success" });
        return saved;
      } catch (error) {
        toast({
          title: t("editor.toast.saveFailed"),
          description: error instanceof ApiError ? error.serverMessage : String(error),
          variant: "destructive",
        });
        return null;
      }
    },
    [flush, send, store, t],
  );

  const invalid = firstTimeProblem(store.get().cues) !== null;
  const dirty = revision > savedRevision.current;

  useEffect(() => {
    if (!dirty || invalid) return;
    const timer = setTimeout(() => {
      if (!inFlight.current) send().catch(() => undefined);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [revision, dirty, invalid, send]);

  const status: SaveStatus = saving
    ? "saving"
    : !dirty
      ? "saved"
      : invalid
        ? "invalid"
        : failed
          ? "failed"
          : "unsaved";
  return { save, status, saving };
}
