// Translated cues edited in this browser and not yet saved, kept in localStorage until the
// server has them: a reload, a closed tab or a lost connection loses no edit (the editor's own
// subtitles are kept on the device the same way, editor-drafts.ts). One entry per transcription
// and language: `{ [cue index]: text }`.

/** Edited texts by the transcription cue's `index`. */
export type PendingEdits = Record<number, string>;

const key = (transcriptionId: string, language: string) =>
  `verbatim.translation-edits.${transcriptionId}.${language}`;

/** What this browser holds unsaved for the track (none when unreadable). */
export function loadPendingEdits(transcriptionId: string, language: string): PendingEdits {
  try {
    const stored: unknown = JSON.parse(
      localStorage.getItem(key(transcriptionId, language)) ?? "{}",
    );
    if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return {};
    const edits: PendingEdits = {};
    for (const [index, text] of Object.entries(stored)) {
      const number = Number(index);
      if (Number.isInteger(number) && number >= 1 && typeof text === "string") edits[number] = text;
    }
    return edits;
  } catch {
    return {};
  }
}

/** Keeps the unsaved edits (removes the entry when there are none). */
export function storePendingEdits(
  transcriptionId: string,
  language: string,
  edits: PendingEdits,
): void {
  try {
    if (Object.keys(edits).length === 0) localStorage.removeItem(key(transcriptionId, language));
    else localStorage.setItem(key(transcriptionId, language), JSON.stringify(edits));
  } catch {
    // Storage full or refused (private mode): the edits stay in the page until saved.
  }
}

/**
 * What is still unsaved once the server took `sent`: each sent edit is done unless it was
 * changed again while the request was under way.
 */
export function afterSave(current: PendingEdits, sent: PendingEdits): PendingEdits {
  const left: PendingEdits = {};
  for (const [index, text] of Object.entries(current)) {
    if (sent[Number(index)] !== text) left[Number(index)] = text;
  }
  return left;
}
