// The subtitles being edited: the undo store, this device's copy of it, and saving to the server.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast-store";
import { fromSubtitles, toSubtitles } from "./cue-operations";
import { draftWriter, fingerprint, STORED_HISTORY } from "./editor-drafts";
import { createEditorStore, type EditorAction } from "./editor-history";
import type { Opening } from "./editor-opening";
import type { EditorTranscription } from "./types";
import { useSave } from "./use-save";

/**
 * The editor's store and its state, kept on this device on every change (with the server
 * version it is based on) and saved to the server; a conflicting draft is offered, not applied.
 */
export function useEditorDraft(transcription: EditorTranscription, opening: Opening) {
  const { t } = useTranslation();
  const [store] = useState(() =>
    createEditorStore(opening.cues, opening.history, opening.speakers),
  );
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  // Text still waiting in the plain view registers here; `flush` applies it.
  const [registry] = useState<Set<() => void>>(() => new Set());
  const flush = useCallback(() => registry.forEach((apply) => apply()), [registry]);
  const [offer, setOffer] = useState(opening.offer);
  /** An edit from outside the cue rows: waiting plain text first, then the action. */
  const applyEdit = (action: EditorAction) => {
    flush();
    store.dispatch(action);
  };

  // This device's copy: written on every change, with the server version it is based on.
  const [writer] = useState(() => draftWriter(transcription.id));
  const base = useRef(fingerprint(transcription.subtitles, transcription.speakers));
  // The newest revision known to be written on the device (what "kept on this device" claims).
  const [storedRevision, setStoredRevision] = useState(-1);
  const writeDraft = useCallback(() => {
    const now = store.get();
    const written = writer.write({
      id: transcription.id,
      base: base.current,
      cues: now.cues,
      speakers: now.speakers,
      past: now.past.slice(-STORED_HISTORY),
      future: now.future.slice(-STORED_HISTORY),
      unsaved: fingerprint(toSubtitles(now.cues), now.speakers) !== base.current,
      updatedAt: Date.now(),
    });
    void written.then(() => setStoredRevision((at) => Math.max(at, now.revision)));
  }, [store, writer, transcription.id]);
  useEffect(() => store.subscribe(writeDraft), [store, writeDraft]);

  const serverSave = useSave(transcription.id, store, state.revision, flush, {
    version: transcription.version,
    initiallyDirty: opening.restored,
    onSaved: (subtitles, savedSpeakers) => {
      base.current = fingerprint(subtitles, savedSpeakers);
      writeDraft();
    },
  });
  useEffect(() => {
    if (opening.restored) toast({ title: t("editor.draft.restored"), variant: "success" });
  }, [opening.restored, t]);

  const { conflict, resolveConflict } = serverSave;
  return {
    store,
    state,
    registry,
    flush,
    applyEdit,
    /** A conflicting draft offered to the user, until restored or discarded. */
    offer,
    restoreOffer: () => {
      if (!offer) return;
      applyEdit({
        type: "replace",
        cues: offer.cues,
        ...(offer.speakers !== undefined ? { speakers: offer.speakers } : {}),
      });
      setOffer(null);
    },
    discardOffer: () => {
      setOffer(null);
      writeDraft();
    },
    keptOnDevice: storedRevision >= state.revision,
    ...serverSave,
    /** A save refused for a newer version elsewhere: keep these edits (saved over it)… */
    keepMine: () => resolveConflict("mine"),
    /** …or take the server's subtitles instead (one undo step). */
    takeTheirs: () => {
      if (!conflict) return;
      applyEdit({
        type: "replace",
        cues: fromSubtitles(conflict.subtitles),
        ...(conflict.speakers !== undefined ? { speakers: conflict.speakers } : {}),
      });
      resolveConflict("theirs");
    },
  };
}
