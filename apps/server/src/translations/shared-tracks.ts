import type { Db } from "../db/database.js";
import { rowCues, type TranscriptionRow } from "../jobs/job-row.js";
import { storedCues } from "./translation-row.js";
import { latestTranslations } from "./translation-store.js";

/**
 * A shared transcription's translation tracks, as its link's page shows them: each language's
 * completed track (a language whose newest job is still under way shows its track until the
 * new one completes), its cues by the subtitle they translate. Nothing of a job under way, a
 * failed or cancelled one, or a deleted track (its rows are gone).
 */
export async function sharedTranslationTracks(
  db: Db,
  row: Pick<TranscriptionRow, "id" | "cues_json">,
): Promise<{ language: string; cues: { index: number; text: string }[] }[]> {
  const originals = rowCues(row);
  const tracks = (await latestTranslations(db, row.id, "completed")).map((track) => ({
    language: track.language,
    cues: storedCues(track).flatMap((cue, position) => {
      const original = originals[position];
      return cue && original ? [{ index: original.index, text: cue.text }] : [];
    }),
  }));
  return tracks.sort((a, b) => a.language.localeCompare(b.language));
}
