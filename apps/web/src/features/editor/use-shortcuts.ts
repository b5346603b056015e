import { useEffect, useRef } from "react";

export interface ShortcutActions {
  togglePlay(): void;
  nextCue(): void;
  previousCue(): void;
  setStart(): void;
  setEnd(): void;
  undo(): void;
  redo(): void;
  /** Split the selected cue at the text cursor (or its middle). */
  splitCue(): void;
  /** Split the cue under the playhead at the playhead's time. */
  splitAtPlayhead(): void;
  mergeNext(): void;
  insertCue(): void;
  deleteCue(): void;
  /** Italics, bold or underline on the selected text (or the whole selected cue). */
  italic(): void;
  bold(): void;
  underline(): void;
  /** The selected cue at the top, or back at the bottom. */
  toggleTop(): void;
  openFind(): void;
  findNext(): void;
  findPrevious(): void;
}

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !["button", "checkbox", "radio", "range", "file", "submit", "reset"].includes(target.type)
  );
}

/** Whether Space already means something on the target (typing, or pressing a control). */
function usesSpace(target: EventTarget | null): boolean {
  if (inTextField(target)) return true;
  return (
    target instanceof HTMLElement &&
    target.closest("button, a[href], summary, [role='button'], input") !== null
  );
}

/** Which action a key press asks for, if any (see the Shortcuts help). */
export function shortcutFor(event: KeyboardEvent): keyof ShortcutActions | null {
  const ctrl = event.ctrlKey || event.metaKey;
  if (event.code === "Space" || event.key === " ") {
    if (ctrl && !event.altKey) return "togglePlay";
    if (!ctrl && !event.altKey && !event.shiftKey && !usesSpace(event.target)) return "togglePlay";
    return null;
  }
  if (event.key === "F3" && !ctrl && !event.altKey) {
    return event.shiftKey ? "findPrevious" : "findNext";
  }
  if (event.altKey && !ctrl) {
    // event.code, not event.key: Alt (Option on a Mac) changes the character a letter types.
    if (event.key === "Enter") return event.shiftKey ? "splitAtPlayhead" : "splitCue";
    if (event.key === "Backspace" && event.shiftKey) return "deleteCue";
    if (event.code === "KeyM" && !event.shiftKey) return "mergeNext";
    if (event.code === "KeyN" && !event.shiftKey) return "insertCue";
    if (event.key === "ArrowDown") return "nextCue";
    if (event.key === "ArrowUp") return "previousCue";
    if (event.code === "BracketLeft") return "setStart";
    if (event.code === "BracketRight") return "setEnd";
    if (event.code === "KeyT" && !event.shiftKey) return "toggleTop";
    return null;
  }
  if (ctrl && !event.altKey) {
    const key = event.key.toLowerCase();
    if (key === "z") return event.shiftKey ? "redo" : "undo";
    if (key === "y" && !event.shiftKey) return "redo";
    if (key === "f" && !event.shiftKey) return "openFind";
    if (key === "i" && !event.shiftKey) return "italic";
    if (key === "b" && !event.shiftKey) return "bold";
    if (key === "u" && !event.shiftKey) return "underline";
  }
  return null;
}

/** Listens for the editor's keyboard shortcuts on the document while mounted. */
export function useShortcuts(actions: ShortcutActions) {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      ref.current[action]();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
