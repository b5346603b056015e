import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { isEmptyCue } from "@verbatim/subtitles";
import { useTranslation } from "react-i18next";
import { call } from "../../api/call";
import { ApiError } from "../../api/client";
import type { TranscriptionDetail, UpdateBody } from "../../api/types";
import { toast } from "../../components/ui/toast-store";
import { firstTimeProblem } from "./cue-checks";
import { toSubtitles } from "./cue-operations";
import type { EditorStore } from "./editor-history";
import type { Speaker } from "./speakers";
import type { Subtitle } from "./types";
import { errorText } from "../../api/error-text";

/** Unsaved edits go to the server this long after the last one, when all times are valid. */
export const AUTOSAVE_DELAY_MS = 2000;
/** A failed autosave is tried again after this long (and at once when the browser is online). */
export const RETRY_DELAY_MS = 10_000;

export type SaveStatus =
  | "saved"
  | "saving"
  | "unsaved"
  | "invalid"
  | "failed"
  | "offline"
  | "conflict"
  /** Nothing unsaved here, but another tab or device saved a newer version meanwhile. */
  | "outdated";

/**
 * What the server holds when a save was refused because it changed elsewhere meanwhile (the
 * details of 409 EDIT_CONFLICT).
 */
export type EditConflict = Pick<TranscriptionDetail, "version" | "subtitles"> & {
  /** Their speakers (absent when the server does not send them: the editor keeps its own). */
  speakers?: TranscriptionDetail["speakers"];
};

/** A save that went through: what the server now holds, and its version. */
export interface Saved {
  subtitles: Subtitle[];
  /** The speakers saved with them (null: not diarized). */
  speakers: Speaker[] | null;
  version?: string;
}

function editConflict(error: unknown): EditConflict | null {
  if (!(error instanceof ApiError) || error.code !== "EDIT_CONFLICT") return null;
  const details = error.details as Partial<EditConflict> | undefined;
  if (typeof details?.version !== "string" || !Array.isArray(details.subtitles)) return null;
  return {
    version: details.version,
    subtitles: details.subtitles,
    ...(details.speakers !== undefined ? { speakers: details.speakers } : {}),
  };
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser says it is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Saving the cues with PATCH /api/transcriptions/:id: by hand (toast on success, or a toast
 * naming the first bad time instead of sending), automatically 2 s after the last edit, again
 * after a failure or when the connection comes back, and one last time when the editor closes
 * (in-app navigation) or the page goes away (`pagehide`, a request that outlives the page).
 * While anything is unsaved the browser asks before the page is left.
 */
export function useSave(
  id: string,
  store: EditorStore,
  revision: number,
  /** Applies text still waiting in the plain view (it commits 0.5 s after typing stops). */
  flush: () => void,
  {
    initiallyDirty = false,
    version,
    onSaved,
  }: {
    /** The editor opened on changes the server does not have (a restored draft). */
    initiallyDirty?: boolean;
    /** The server's version the editor opened on (absent from older servers). */
    version?: string;
    /** Told of every successful save, with what the server now holds. */
    onSaved?(subtitles: Subtitle[], speakers: Speaker[] | null): void;
  } = {},
) {
  const { t } = useTranslation();
  const savedRevision = useRef(initiallyDirty ? -1 : 0);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const [failed, setFailed] = useState(false);
  const online = useOnline();
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  // The version the next save is made from: a save from an older one is refused (another tab or
  // device saved meanwhile), and the user chooses which version to keep; nothing is overwritten.
  const baseVersion = useRef(version);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const conflictRef = useRef(conflict);
  conflictRef.current = conflict;

  // Saves go one after another: each starts from the version the previous one left, with the
  // cues as they are when it starts, so a manual save during an autosave neither conflicts with
  // this tab's own save nor lets an older request overwrite a newer one.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const sendNow = useCallback(
    async ({ keepalive = false }: { keepalive?: boolean } = {}): Promise<Saved> => {
      const pending = conflictRef.current;
      // Waiting for the user to choose a version: nothing is sent meanwhile.
      if (pending) throw new ApiError(409, "EDIT_CONFLICT", "", { ...pending });
      const { cues, speakers, revision: at } = store.get();
      const subtitles = toSubtitles(cues);
      // Speakers travel with the cues (a rename is a change to this list, not to the cues).
      const content = speakers ? { subtitles, speakers } : { subtitles };
      setSaving(true);
      inFlight.current = true;
      try {
        const base = baseVersion.current;
        const body: UpdateBody = base === undefined ? content : { ...content, baseVersion: base };
        const answer = await call("updateTranscription", { params: { id }, body, keepalive });
        if (typeof answer?.version === "string") baseVersion.current = answer.version;
        savedRevision.current = Math.max(savedRevision.current, at);
        setFailed(false);
        onSavedRef.current?.(subtitles, speakers);
        return { subtitles, speakers, version: baseVersion.current };
      } catch (error) {
        const refused = editConflict(error);
        if (refused) setConflict(refused);
        else setFailed(true);
        throw error;
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
    [id, store],
  );
  const send = useCallback(
    (options: { keepalive?: boolean } = {}): Promise<Saved> => {
      // The page is going away: no time to wait for the save in flight.
      if (options.keepalive) return sendNow(options);
      const next = queue.current.then(
        () => sendNow(options),
        () => sendNow(options),
      );
      queue.current = next.catch(() => undefined);
      return next;
    },
    [sendNow],
  );

  /** Saves now; returns the saved subtitles, or null (with a toast saying why) when it did not. */
  const save = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}): Promise<Saved | null> => {
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
      if (conflictRef.current) {
        toast({ title: t("editor.conflict.title"), variant: "destructive" });
        return null;
      }
      try {
        const saved = await send();
        if (!quiet) {
          const empty = store.get().cues.filter(isEmptyCue).length;
          toast({
            title: t("editor.toast.saved"),
            ...(empty > 0 ? { description: t("editor.toolbar.emptyCues", { count: empty }) } : {}),
            variant: "success",
          });
        }
        return saved;
      } catch (error) {
        if (editConflict(error)) return null; // the banner asks which version to keep
        toast({
          title: t("editor.toast.saveFailed"),
          // A role that may not edit (a team's viewer): say that, not the server's general text.
          description:
            error instanceof ApiError && error.status === 403 && error.code === "FORBIDDEN"
              ? t("editor.toast.viewOnly")
              : errorText(error),
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
    if (!dirty || invalid || !online || conflict) return;
    const timer = setTimeout(
      () => {
        if (!inFlight.current) send().catch(() => undefined);
      },
      failed ? RETRY_DELAY_MS : AUTOSAVE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [revision, dirty, invalid, online, failed, conflict, send]);

  /**
   * Settles a conflict: "mine" saves this editor's cues over the other version (from the version
   * now known); "theirs" is applied by the caller (an undoable step) and counts as saved.
   */
  const resolveConflict = useCallback(
    (keep: "mine" | "theirs") => {
      const refused = conflictRef.current;
      if (!refused) return;
      baseVersion.current = refused.version;
      setConflict(null);
      conflictRef.current = null;
      if (keep === "theirs") {
        savedRevision.current = store.get().revision;
        setFailed(false);
        onSavedRef.current?.(refused.subtitles, refused.speakers ?? store.get().speakers);
      } else {
        send().catch(() => undefined);
      }
    },
    [send, store],
  );

  // Another tab or device may save meanwhile: when this tab comes back into view (focus, or the
  // page shown again) it asks for the server's version, and a newer one than its own is a
  // conflict found before saving (the banner offers both versions), not "All changes saved".
  useEffect(() => {
    let checking = false;
    const check = async () => {
      const known = baseVersion.current;
      if (checking || known === undefined || conflictRef.current || inFlight.current) return;
      if (document.visibilityState === "hidden") return;
      checking = true;
      try {
        const now = await call("getTranscription", { params: { id } });
        // A save of this tab's own that went through meanwhile moved its version: not a conflict.
        if (typeof now?.version !== "string" || now.version === baseVersion.current) return;
        if (known !== baseVersion.current || inFlight.current || conflictRef.current) return;
        setConflict({
          version: now.version,
          subtitles: now.subtitles,
          ...(now.speakers !== undefined ? { speakers: now.speakers } : {}),
        });
      } catch {
        // Offline or signed out: the next save says so.
      } finally {
        checking = false;
      }
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    const onFocus = () => void check();
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [id]);

  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      flushRef.current();
      // Nothing unsaved and nothing on its way: leave without asking.
      if (!inFlight.current && store.get().revision <= savedRevision.current) return;
      event.preventDefault();
      event.returnValue = ""; // older browsers show the prompt only with this set
    };
    const unsavedNow = () =>
      store.get().revision > savedRevision.current &&
      firstTimeProblem(store.get().cues) === null &&
      !conflictRef.current;
    const pageHide = () => {
      flushRef.current();
      if (unsavedNow()) send({ keepalive: true }).catch(() => undefined);
    };
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("pagehide", pageHide);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("pagehide", pageHide);
      // Leaving the editor inside the app: send what is not saved yet (the device keeps a copy).
      flushRef.current();
      if (unsavedNow()) send().catch(() => undefined);
    };
  }, [send, store]);

  const status: SaveStatus = conflict
    ? dirty
      ? "conflict"
      : "outdated"
    : saving
      ? "saving"
      : !dirty
        ? "saved"
        : invalid
          ? "invalid"
          : !online
            ? "offline"
            : failed
              ? "failed"
              : "unsaved";
  return { save, status, saving, dirty, conflict, resolveConflict };
}
