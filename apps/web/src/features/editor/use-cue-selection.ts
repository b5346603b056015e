// Which cue is selected (the target of the tools), and going to a cue or a moment.
import { useEffect, useState } from "react";
import { cueAt } from "./cue-checks";
import { timeMs } from "./cue-operations";
import type { EditorView } from "./editor-toolbar";
import type { EditorCue } from "./types";

/**
 * The target is the selected cue, else the one playing. Opens at `startAtMs` (the player there,
 * its subtitle selected) when given.
 */
export function useCueSelection({
  cues,
  playheadMs,
  seekTo,
  view,
  startAtMs,
}: {
  cues: readonly EditorCue[];
  /** The playhead (ms). */
  playheadMs: number;
  /** Moves the playhead (ms); null does nothing. */
  seekTo(ms: number | null): void;
  view: EditorView;
  startAtMs: number | null;
}) {
  const [selected, setSelected] = useState(-1);
  const currentIndex = cueAt(cues, playheadMs);
  const target = selected >= 0 && selected < cues.length ? selected : currentIndex;
  /** Plays from a moment (a comment's, a citation's) and selects the subtitle there. */
  const seekToMoment = (ms: number) => {
    seekTo(ms);
    setSelected(cueAt(cues, ms));
  };
  useEffect(() => {
    if (startAtMs !== null) seekToMoment(startAtMs);
    // Once, as the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /** Selects a cue, plays from its start and (in the cue list) focuses its text. */
  const goTo = (index: number) => {
    const cue = cues[index];
    if (!cue) return;
    setSelected(index);
    seekTo(timeMs(cue.start));
    if (view === "srt") document.getElementById(`cue-${cue.key}-text`)?.focus();
  };
  return {
    selected,
    setSelected,
    /** The cue playing, or -1. */
    currentIndex,
    target,
    seekToMoment,
    goTo,
  };
}
