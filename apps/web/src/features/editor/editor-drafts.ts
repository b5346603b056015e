import { clear, createStore, del, get, set, type UseStore } from "idb-keyval";
import type { StoredSnapshot } from "./editor-history";
import type { Speaker } from "./speakers";
import type { EditorCue, Subtitle } from "./types";

/**
 * The editor's copy of a transcription on this device (IndexedDB): the cues as they are now,
 * with the undo history, written on every change. It is how an edit survives a reload, a
 * crash or a lost connection before the server has it, and how undo survives a reload.
 */
export interface EditorDraft {
  /** The transcription's id. */
  id: string;
  /** Fingerprint of the server's subtitles this draft was last in step with. */
  base: string;
  cues: EditorCue[];
  /** The speakers with their names (null: not diarized; absent from drafts before speakers). */
  speakers?: Speaker[] | null;
  past: StoredSnapshot[];
  future: StoredSnapshot[];
  /** Whether the cues are not yet on the server. */
  unsaved: boolean;
  /** When it was written (ms since the epoch). */
  updatedAt: number;
}

/** How many undo and redo steps are kept on the device (the editor keeps more while open). */
export const STORED_HISTORY = 50;

let store: UseStore | null | undefined;

/** The drafts' IndexedDB store, or null where the browser has none (private modes, tests). */
function draftStore(): UseStore | null {
  if (store === undefined) {
    store = typeof indexedDB === "undefined" ? null : createStore("verbatim-editor", "drafts");
  }
  return store;
}

/**
 * A fingerprint of subtitles as the server holds them (FNV-1a over their JSON), speakers and
 * their names included, so a draft that only renamed a speaker still counts as unsaved. Without
 * speakers it is what it was before they existed, so older drafts stay in step.
 */
export function fingerprint(
  subtitles: readonly Subtitle[],
  speakers?: readonly Speaker[] | null,
): string {
  let hash = 0x811c9dc5;
  const text = JSON.stringify(
    speakers
      ? [
          subtitles.map((s) => [s.startTime, s.endTime, s.text, s.speaker ?? null]),
          speakers.map((s) => [s.id, s.name]),
        ]
      : subtitles.map((s) => [s.startTime, s.endTime, s.text]),
  );
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length}:${(hash >>> 0).toString(16)}`;
}

/** The draft stored for a transcription, if any (null when none or unreadable). */
export async function loadDraft(id: string): Promise<EditorDraft | null> {
  const where = draftStore();
  if (!where) return null;
  try {
    return ((await get<EditorDraft>(id, where)) ?? null) as EditorDraft | null;
  } catch {
    return null;
  }
}

/**
 * Writes drafts in order, at most one write at a time per transcription; while one is being
 * written, only the newest waiting draft is written next (every keystroke asks, none piles up).
 */
export function draftWriter(id: string) {
  let writing: Promise<void> | null = null;
  let waiting: EditorDraft | null = null;
  const run = async (): Promise<void> => {
    const where = draftStore();
    while (waiting && where) {
      const draft = waiting;
      waiting = null;
      await set(id, draft, where).catch(() => undefined); // quota or a closed database
    }
    writing = null;
  };
  return {
    write(draft: EditorDraft): Promise<void> {
      waiting = draft;
      writing ??= run();
      return writing;
    },
    /** Resolves when everything asked for so far is written. */
    settled(): Promise<void> {
      return writing ?? Promise.resolve();
    },
  };
}

export async function deleteDraft(id: string): Promise<void> {
  const where = draftStore();
  if (where) await del(id, where).catch(() => undefined);
}

/** Forgets every draft on this device (signing out: the next person here must not see them). */
export async function clearDrafts(): Promise<void> {
  const where = draftStore();
  if (where) await clear(where).catch(() => undefined);
}
