import { canonicalLanguageTag } from "@verbatim/contract";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import type { TranslationTrack } from "../transcriptions/export-transcription.js";
import { trackCues } from "./translation-row.js";
import { translationTrackRow } from "./translation-store.js";

/**
 * The track an export asks for with `language=CODE`: its cues (at the original's times) and its
 * language; undefined when the export names none. 404 TRANSLATION_NOT_FOUND when the
 * transcription has no completed translation into it.
 */
export async function translationForExport(
  db: Db,
  transcriptionId: string,
  language: string | undefined,
): Promise<TranslationTrack | undefined> {
  if (language === undefined) return undefined;
  const tag = canonicalLanguageTag(language);
  const row = tag === null ? undefined : await translationTrackRow(db, transcriptionId, tag);
  if (!row) fail("TRANSLATION_NOT_FOUND");
  return { language: row.language, cues: trackCues(row) };
}
