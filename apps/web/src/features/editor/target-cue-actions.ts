// The toolbar's and shortcuts' edits of the target cue (selected, else playing) and history.
import {
  formatTimecode,
  type CueAlign,
  type CuePosition,
  type TextStyle,
} from "@verbatim/subtitles";
import { placeCue, styleCue } from "./cue-operations";
import { cueTextId } from "./cue-row";
import type { EditorStore } from "./editor-history";

/** Each action first applies text still waiting in the plain view (`flush`). */
export function targetCueActions({
  store,
  flush,
  target,
  playhead,
  gapMs,
}: {
  store: EditorStore;
  flush(): void;
  /** The cue acted on: the selected one, else the one playing (-1 for none). */
  target: number;
  /** The playhead in ms, or null without a player. */
  playhead(): number | null;
  /** The minimum gap between cues. */
  gapMs: number;
}) {
  return {
    setFromPlayhead: (field: "start" | "end") => {
      const ms = playhead();
      if (ms === null || target < 0) return;
      flush();
      store.dispatch({ type: "edit-time", index: target, field, value: formatTimecode(ms) });
    },
    undo: () => {
      flush();
      store.dispatch({ type: "undo" });
    },
    redo: () => {
      flush();
      store.dispatch({ type: "redo" });
    },
    splitAtPlayhead: () => {
      const ms = playhead();
      if (ms === null) return;
      flush();
      store.dispatch({ type: "split-at", ms, gapMs });
    },
    // Styling: the text selected in the target cue's text box, or the whole cue; one undo step.
    styleTarget: (style: TextStyle) => {
      const cue = store.get().cues[target];
      if (!cue) return;
      flush();
      const field = document.getElementById(cueTextId(cue.key));
      const focused = field instanceof HTMLTextAreaElement && document.activeElement === field;
      const [from, to] = focused ? [field.selectionStart, field.selectionEnd] : [0, 0];
      const cues = styleCue(store.get().cues, target, style, from, to);
      if (cues !== store.get().cues) store.dispatch({ type: "replace", cues });
    },
    placeTarget: (place: { position?: CuePosition; align?: CueAlign }) => {
      if (!store.get().cues[target]) return;
      flush();
      store.dispatch({ type: "replace", cues: placeCue(store.get().cues, target, place) });
    },
  };
}
