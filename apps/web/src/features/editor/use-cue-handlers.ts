// What each cue row (and the waveform) does to the subtitles: edit, split, merge, insert, delete…
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast-store";
import { insertShortens, timeMs } from "./cue-operations";
import type { CueRowHandlers } from "./cue-row";
import type { EditorStore } from "./editor-history";
import { speakerName } from "./speakers";

/** The cue rows' handlers, on the editor's store; the same object until its inputs change. */
export function useCueHandlers({
  store,
  flush,
  seekTo,
  setSelected,
  gapMs,
}: {
  store: EditorStore;
  /** Applies text still waiting in the plain view. */
  flush(): void;
  /** Moves the playhead (ms); null does nothing. */
  seekTo(ms: number | null): void;
  setSelected(index: number): void;
  /** The minimum gap between cues. */
  gapMs: number;
}): CueRowHandlers {
  const { t } = useTranslation();
  return useMemo<CueRowHandlers>(() => {
    const indexOf = (key: number) => store.get().cues.findIndex((cue) => cue.key === key);
    return {
      editText: (key, text) => {
        const index = indexOf(key);
        if (index >= 0) store.dispatch({ type: "edit-text", index, text, at: Date.now() });
      },
      editTime: (index, field, value) => store.dispatch({ type: "edit-time", index, field, value }),
      split: (index, caret) => store.dispatch({ type: "split", index, caret, gapMs }),
      mergeNext: (index) => {
        flush();
        const { cues, speakers } = store.get();
        const [first, second] = [cues[index], cues[index + 1]];
        store.dispatch({ type: "merge-next", index });
        // A cue has one speaker: the first one's is kept, and the user is told which.
        if (speakers && first?.speaker && second?.speaker && first.speaker !== second.speaker) {
          const name = speakerName(speakers, first.speaker, (number) =>
            t("editor.speakers.unnamed", { number }),
          );
          toast({ title: t("editor.speakers.merged", { name }) });
        }
      },
      setSpeaker: (index, speaker) => {
        flush();
        store.dispatch({ type: "set-speaker", index, speaker });
      },
      insertAfter: (index) => {
        // No gap after that cue: the new one takes its second half, and the user is told.
        if (insertShortens(store.get().cues, index)) {
          toast({
            title: t("editor.toast.insertShortened", { number: index + 1 }),
            description: t("editor.toast.insertShortenedHow", { number: index + 1 }),
          });
        }
        store.dispatch({ type: "insert-after", index });
      },
      remove: (index) => {
        flush();
        store.dispatch({ type: "delete", index });
      },
      seek: (index) => {
        setSelected(index);
        const cue = store.get().cues[index];
        if (cue) seekTo(timeMs(cue.start));
      },
      select: setSelected,
      markChecked: (index) => {
        flush();
        store.dispatch({ type: "mark-checked", index });
      },
    };
  }, [store, flush, seekTo, setSelected, t, gapMs]);
}

/** A cue's times dragged on the waveform (one undo step), found by its key. */
export function useWaveformTimes(store: EditorStore) {
  return useCallback(
    (key: number, start: string, end: string) => {
      const index = store.get().cues.findIndex((cue) => cue.key === key);
      if (index >= 0) store.dispatch({ type: "set-times", index, start, end });
    },
    [store],
  );
}
