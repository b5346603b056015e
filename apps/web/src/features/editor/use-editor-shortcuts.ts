// The editor's keyboard shortcuts, wired to its actions (the editing ones off when read only).
import { cueTextId, type CueRowHandlers } from "./cue-row";
import type { targetCueActions } from "./target-cue-actions";
import type { EditorCue } from "./types";
import { useShortcuts } from "./use-shortcuts";

export function useEditorShortcuts({
  readOnly,
  cues,
  target,
  goTo,
  togglePlay,
  handlers,
  actions,
  openFind,
  findAgain,
}: {
  readOnly: boolean;
  cues: readonly EditorCue[];
  /** The cue acted on: the selected one, else the one playing (-1 for none). */
  target: number;
  /** Selects a cue, plays from it and focuses its text. */
  goTo(index: number): void;
  togglePlay(): void;
  handlers: CueRowHandlers;
  actions: ReturnType<typeof targetCueActions>;
  openFind(): void;
  /** Goes on with the last query, if there was one. */
  findAgain(direction: 1 | -1): unknown;
}) {
  const { setFromPlayhead, undo, redo, splitAtPlayhead, styleTarget, placeTarget } = actions;
  const editing = <A extends unknown[]>(action: (...args: A) => unknown) =>
    readOnly ? () => undefined : action;
  useShortcuts({
    togglePlay,
    nextCue: () => goTo(Math.min(cues.length - 1, target + 1)),
    previousCue: () => goTo(Math.max(0, target - 1)),
    setStart: editing(() => setFromPlayhead("start")),
    setEnd: editing(() => setFromPlayhead("end")),
    undo: editing(undo),
    redo: editing(redo),
    splitCue: editing(() => {
      const cue = cues[target];
      if (!cue) return;
      const field = document.getElementById(cueTextId(cue.key));
      const caret =
        field instanceof HTMLTextAreaElement && document.activeElement === field
          ? field.selectionStart
          : null;
      handlers.split(target, caret);
    }),
    splitAtPlayhead: editing(splitAtPlayhead),
    mergeNext: editing(() => target >= 0 && handlers.mergeNext(target)),
    insertCue: editing(() => handlers.insertAfter(target)),
    deleteCue: editing(() => target >= 0 && handlers.remove(target)),
    italic: editing(() => styleTarget("italic")),
    bold: editing(() => styleTarget("bold")),
    underline: editing(() => styleTarget("underline")),
    toggleTop: editing(() =>
      placeTarget({ position: cues[target]?.position === "top" ? "bottom" : "top" }),
    ),
    openFind,
    findNext: () => findAgain(1),
    findPrevious: () => findAgain(-1),
  });
}
