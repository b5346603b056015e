// What the editor opens with: the server's subtitles, or this device's draft of them.
import { fromSubtitles, toSubtitles } from "./cue-operations";
import { fingerprint, type EditorDraft } from "./editor-drafts";
import { snapshotOf, type EditorState } from "./editor-history";
import type { Speaker } from "./speakers";
import type { EditorCue, Subtitle } from "./types";

/** How the editor opens, once this device's draft (if any) has been read. */
export interface Opening {
  cues: EditorCue[];
  speakers: Speaker[] | null;
  history?: Pick<EditorState, "past" | "future">;
  /** The cues are a draft the server does not have yet. */
  restored: boolean;
  /** A draft that conflicts with the server's version, offered to the user. */
  offer: EditorDraft | null;
}

/**
 * Decides what the editor opens with: the server's subtitles, or this device's draft of them.
 * A draft made from the version the server still holds is simply continued (restored, then
 * saved); one made from an older version (saved meanwhile elsewhere) is offered, not applied.
 */
export function openingFor(
  subtitles: readonly Subtitle[],
  draft: EditorDraft | null,
  speakers: Speaker[] | null = null,
): Opening {
  const server = fingerprint(subtitles, speakers);
  const fromServer = { cues: fromSubtitles(subtitles), speakers, restored: false };
  if (!draft) return { ...fromServer, offer: null };
  // A draft from before speakers existed has none: the server's list is the one to go on with.
  const drafted = draft.speakers === undefined ? speakers : draft.speakers;
  const history = {
    past: draft.past.map((entry) => snapshotOf(entry, drafted)),
    future: draft.future.map((entry) => snapshotOf(entry, drafted)),
  };
  const mine = { cues: draft.cues, speakers: drafted, history };
  if (fingerprint(toSubtitles(draft.cues), drafted) === server)
    return { ...mine, restored: false, offer: null };
  if (draft.base === server) return { ...mine, restored: true, offer: null };
  return { ...fromServer, offer: draft };
}
