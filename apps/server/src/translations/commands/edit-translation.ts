// Command: change the text of translated cues of a language's track (an edit in the editor).
import { fail } from "../../http/app-error.js";
import type { TranslationContext } from "../translation-context.js";
import { storedCues, type TranslationRow } from "../translation-row.js";
import {
  findTranslation,
  replaceTranslationCues,
  translationTrackRow,
} from "../translation-store.js";

/**
 * Sets the text of the track's cues named by the transcription cue's `index` (the position of
 * the cue in the transcription, counted from 1): an edited cue loses its flags, which the user
 * has now seen to. 404 TRANSLATION_NOT_FOUND without a completed track; 400 VALIDATION_FAILED
 * for an index the track does not have.
 */
export async function editTranslation(
  ctx: TranslationContext,
  {
    transcriptionId,
    language,
    originals,
    edits,
  }: {
    transcriptionId: string;
    language: string;
    /** The transcription's cues (their `index` and times). */
    originals: readonly { index: number; start: number; end: number }[];
    edits: readonly { index: number; text: string }[];
  },
): Promise<TranslationRow> {
  const track = await translationTrackRow(ctx.db, transcriptionId, language);
  if (!track) fail("TRANSLATION_NOT_FOUND");
  const cues = storedCues(track);
  for (const edit of edits) {
    const position = originals.findIndex((cue) => cue.index === edit.index);
    const original = originals[position];
    if (!original || position >= Math.max(cues.length, originals.length)) {
      fail("VALIDATION_FAILED", { part: "body", field: "cues", reason: `no cue ${edit.index}` });
    }
    cues[position] = {
      start: original.start,
      end: original.end,
      text: edit.text.trim(),
      flags: [],
    };
  }
  await replaceTranslationCues(ctx.db, track.id, JSON.stringify(cues));
  return (await findTranslation(ctx.db, track.id))!;
}
