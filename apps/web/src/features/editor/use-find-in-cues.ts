// Find and replace in the cues: the panel's state, the last query (for F3) and its actions.
import { useRef, useState } from "react";
import type { EditorStore } from "./editor-history";
import { cueTextId } from "./cue-row";
import { countMatches, matchRange, nextMatch, type FindOptions } from "./find-replace";
import type { EditorCue } from "./types";

/** Finding moves the selection to the match and selects its text in the cue's text box. */
export function useFindInCues({
  store,
  flush,
  cues,
  target,
  setSelected,
}: {
  store: EditorStore;
  /** Applies text still waiting in the plain view. */
  flush(): void;
  /** The cues as rendered. */
  cues: readonly EditorCue[];
  /** The cue a search starts from (selected, else the one playing). */
  target: number;
  setSelected(index: number): void;
}) {
  const [findOpen, setFindOpen] = useState(false);
  // The last query, so F3 goes on after the panel is closed.
  const lastFind = useRef<{ query: string; options: FindOptions } | null>(null);
  const [found, setFound] = useState(-1);
  const find = (query: string, options: FindOptions, direction: 1 | -1) => {
    lastFind.current = { query, options };
    const cues = store.get().cues;
    const index = nextMatch(cues, query, options, target, direction);
    setFound(index);
    if (index < 0) return;
    setSelected(index);
    const cue = cues[index];
    const range = cue ? matchRange(cue.text, query, options) : null;
    const field = cue ? document.getElementById(cueTextId(cue.key)) : null;
    if (field instanceof HTMLTextAreaElement && range) {
      // (jsdom, which runs the component tests, has no scrolling.)
      if (typeof field.scrollIntoView === "function") field.scrollIntoView({ block: "nearest" });
      field.setSelectionRange(range[0], range[1]);
    }
  };
  return {
    findOpen,
    setFindOpen,
    /** The index of the last match, or -1. */
    found,
    find,
    /** Goes on with the last query (F3, Shift+F3), if there was one. */
    findAgain: (direction: 1 | -1) =>
      lastFind.current && find(lastFind.current.query, lastFind.current.options, direction),
    replaceOne: (query: string, replacement: string, caseSensitive: boolean) => {
      const options = { caseSensitive };
      const index = found >= 0 && matchRange(cues[found]?.text ?? "", query, options) ? found : -1;
      if (index < 0) return find(query, options, 1);
      flush();
      store.dispatch({ type: "replace-one", index, query, replacement, options });
      find(query, options, 1);
    },
    replaceAll: (query: string, replacement: string, caseSensitive: boolean) => {
      flush();
      const options = { caseSensitive };
      const count = countMatches(store.get().cues, query, options);
      store.dispatch({ type: "replace-all", query, replacement, options });
      return count;
    },
  };
}
