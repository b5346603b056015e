import type { Cue } from "@verbatim/subtitles";
import { fail } from "../http/app-error.js";
import type { StoredSpeaker } from "../jobs/job-row.js";

/**
 * The speakers after an edit: the list sent (names changed, speakers added or removed; the time
 * each spoke kept by id), or the stored one. Every cue's speaker must be a listed id, else 400
 * UNKNOWN_SPEAKER naming the subtitle. Undefined when nothing about speakers changes (no list
 * sent, none stored, and no cue names one).
 */
export function editedSpeakers(
  stored: readonly StoredSpeaker[] | null,
  sent: readonly { id: string; name: string | null }[] | undefined,
  cues: readonly Cue[],
): StoredSpeaker[] | undefined {
  const edited = sent?.map(({ id, name }) => {
    const speechMs = stored?.find((speaker) => speaker.id === id)?.speechMs;
    return { id, name, ...(speechMs !== undefined ? { speechMs } : {}) };
  });
  const ids = new Set((edited ?? stored ?? []).map((speaker) => speaker.id));
  const stray = cues.find((cue) => cue.speaker !== undefined && !ids.has(cue.speaker));
  if (stray) {
    fail("UNKNOWN_SPEAKER", { subtitle: stray.index, speaker: stray.speaker });
  }
  return edited;
}
