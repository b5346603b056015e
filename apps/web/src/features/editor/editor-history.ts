import {
  deleteCue,
  editText,
  editTime,
  fixOverlaps,
  markChecked,
  insertAfter,
  mergeWithNext,
  shiftAll,
  splitAtTime,
  splitCue,
  sortByStart,
} from "./cue-operations";
import { replaceAll, replaceOne, type FindOptions } from "./find-replace";
import { fromPlainTextWithSpeakers, type SpeakerLabels } from "./plain-speakers";
import { fromPlainText } from "./plain-text";
import { renameSpeaker, setCueSpeaker, type Speaker } from "./speakers";
import type { EditorCue, TimeField } from "./types";

/**
 * What one undo step restores: the cues and the speaker list together, so renaming a speaker or
 * changing a cue's speaker is undone exactly like a text edit. `speakers` is null for a
 * transcription that was not diarized.
 */
export interface EditorSnapshot {
  cues: EditorCue[];
  speakers: Speaker[] | null;
}

/**
 * A history entry as stored: drafts written before speakers existed hold bare cue arrays.
 * Read them with `snapshotOf`.
 */
export type StoredSnapshot = EditorSnapshot | EditorCue[];

/** A stored history entry as a snapshot (an old bare cue array keeps the current speakers). */
export function snapshotOf(entry: StoredSnapshot, speakers: Speaker[] | null): EditorSnapshot {
  return Array.isArray(entry) ? { cues: entry, speakers } : entry;
}

/** The editor's state: the cues and speakers now, with undo and redo stacks. */
export interface EditorState {
  cues: EditorCue[];
  speakers: Speaker[] | null;
  past: EditorSnapshot[];
  future: EditorSnapshot[];
  /** Groups consecutive edits of one field (typing a time or text) into one undo step. */
  group: string | null;
  /** When the group's last edit was made (ms): typing after a pause starts a new step. */
  groupAt: number;
  /** Counts changes, so saving knows whether the cues changed since. */
  revision: number;
}

export type EditorAction =
  /** `at`: when it was typed (ms), so a pause starts a new undo step. */
  | { type: "edit-text"; index: number; text: string; at?: number }
  | { type: "edit-time"; index: number; field: TimeField; value: string }
  | { type: "set-times"; index: number; start: string; end: string }
  /** `gapMs`: the minimum gap between cues (the preset's frames at the video's rate). */
  | { type: "split"; index: number; caret: number | null; gapMs?: number }
  | { type: "split-at"; ms: number; gapMs?: number }
  | { type: "merge-next"; index: number }
  | { type: "insert-after"; index: number }
  | { type: "delete"; index: number }
  | { type: "shift"; offsetMs: number }
  | { type: "replace-all"; query: string; replacement: string; options: FindOptions }
  | {
      type: "replace-one";
      index: number;
      query: string;
      replacement: string;
      options: FindOptions;
    }
  /** `labels`: the speakers' shown names, read from "Name:" lines (diarized transcriptions). */
  | { type: "plain-text"; text: string; labels?: SpeakerLabels }
  | { type: "sort" }
  | { type: "fix-overlaps"; gapMs?: number }
  /** A person has checked where a re-timed cue's script and speech disagree. */
  | { type: "mark-checked"; index: number }
  /** Renames a speaker everywhere (a blank name: "Speaker N" again). */
  | { type: "rename-speaker"; id: string; name: string }
  /** Gives one cue to a speaker (an id not yet listed adds a new, unnamed speaker). */
  | { type: "set-speaker"; index: number; speaker: string }
  /** Replaces every cue at once (a restored draft), as one undo step; speakers too if given. */
  | { type: "replace"; cues: EditorCue[]; speakers?: Speaker[] | null }
  | { type: "undo" }
  | { type: "redo" };

/** How many steps undo remembers. */
export const HISTORY_LIMIT = 200;

/** Typing in one field after this long a pause is a new undo step. */
export const TYPING_PAUSE_MS = 1000;

export function initialState(
  cues: EditorCue[],
  history: Pick<EditorState, "past" | "future"> = { past: [], future: [] },
  speakers: Speaker[] | null = null,
): EditorState {
  return {
    cues,
    speakers,
    past: history.past,
    future: history.future,
    group: null,
    groupAt: 0,
    revision: 0,
  };
}

function nextKey(cues: readonly EditorCue[]): number {
  return cues.reduce((max, cue) => Math.max(max, cue.key), 0) + 1;
}

/** The document after an editing action, and its undo group (null: an undo step of its own). */
function apply(doc: EditorSnapshot, action: EditorAction): [EditorSnapshot, string | null] {
  switch (action.type) {
    // Speakers exist only where the transcription was diarized.
    case "rename-speaker":
      if (!doc.speakers) return [doc, null];
      return [
        { cues: doc.cues, speakers: renameSpeaker(doc.speakers, action.id, action.name) },
        null,
      ];
    case "set-speaker":
      if (!doc.speakers) return [doc, null];
      return [setCueSpeaker(doc.cues, doc.speakers, action.index, action.speaker), null];
    case "replace":
      return [
        {
          cues: action.cues,
          speakers: action.speakers === undefined ? doc.speakers : action.speakers,
        },
        null,
      ];
    default: {
      const [cues, group] = applyToCues(doc.cues, action);
      return [cues === doc.cues ? doc : { cues, speakers: doc.speakers }, group];
    }
  }
}

/** The cues after an action that changes only cues. */
function applyToCues(cues: EditorCue[], action: EditorAction): [EditorCue[], string | null] {
  switch (action.type) {
    case "edit-text":
      return [editText(cues, action.index, action.text), `text:${cues[action.index]?.key}`];
    case "edit-time":
      return [
        editTime(cues, action.index, action.field, action.value),
        `time:${cues[action.index]?.key}:${action.field}`,
      ];
    case "set-times":
      return [
        editTime(
          editTime(cues, action.index, "start", action.start),
          action.index,
          "end",
          action.end,
        ),
        null,
      ];
    case "split":
      return [splitCue(cues, action.index, action.caret, nextKey(cues), action.gapMs), null];
    case "split-at":
      return [splitAtTime(cues, action.ms, nextKey(cues), action.gapMs), null];
    case "merge-next":
      return [mergeWithNext(cues, action.index), null];
    case "insert-after":
      return [insertAfter(cues, action.index, nextKey(cues)), null];
    case "delete":
      return [deleteCue(cues, action.index), null];
    case "shift":
      return [shiftAll(cues, action.offsetMs), null];
    case "replace-all":
      return [replaceAll(cues, action.query, action.replacement, action.options), null];
    case "replace-one":
      return [
        replaceOne(cues, action.index, action.query, action.replacement, action.options),
        null,
      ];
    case "plain-text":
      return [
        action.labels
          ? fromPlainTextWithSpeakers(action.text, cues, nextKey(cues), action.labels)
          : fromPlainText(action.text, cues, nextKey(cues)),
        "plain",
      ];
    case "sort":
      return [sortByStart(cues), null];
    case "fix-overlaps":
      return [fixOverlaps(cues, action.gapMs), null];
    case "mark-checked":
      return [markChecked(cues, action.index), null];
    default:
      return [cues, null];
  }
}

/** The reducer: editing actions push an undo step (grouped ones share one); undo/redo move. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  if (action.type === "undo" || action.type === "redo") {
    const [from, to] =
      action.type === "undo" ? [state.past, state.future] : [state.future, state.past];
    const target = from.at(-1);
    if (!target) return state;
    const rest = from.slice(0, -1);
    const moved = [...to, { cues: state.cues, speakers: state.speakers }];
    return {
      cues: target.cues,
      speakers: target.speakers,
      past: action.type === "undo" ? rest : moved,
      future: action.type === "undo" ? moved : rest,
      group: null,
      groupAt: 0,
      revision: state.revision + 1,
    };
  }
  const now: EditorSnapshot = { cues: state.cues, speakers: state.speakers };
  const [next, group] = apply(now, action);
  if (next.cues === state.cues && next.speakers === state.speakers) return state;
  const at = action.type === "edit-text" ? (action.at ?? 0) : 0;
  const sameGroup =
    group !== null && group === state.group && (at === 0 || at - state.groupAt < TYPING_PAUSE_MS);
  return {
    cues: next.cues,
    speakers: next.speakers,
    past: sameGroup ? state.past : [...state.past, now].slice(-HISTORY_LIMIT),
    future: [],
    group,
    groupAt: at,
    revision: state.revision + 1,
  };
}

/** A store around the reducer: dispatch applies at once, so `get()` is always current. */
export function createEditorStore(
  cues: EditorCue[],
  history?: Pick<EditorState, "past" | "future">,
  speakers: Speaker[] | null = null,
) {
  let state = initialState(cues, history, speakers);
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action: EditorAction) {
      const next = editorReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type EditorStore = ReturnType<typeof createEditorStore>;
